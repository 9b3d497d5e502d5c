import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { IDEMPOTENCY_KEY_PATTERN } from "@/lib/api/contract/headers";
import { type OperationDefinition, rejectsIdempotencyKey } from "@/lib/api/contract/operations";
import { drizzle } from "drizzle-orm/node-postgres";
import { HEADERS } from "@/lib/api/contract/headers";
import { type Db, schema } from "../db/database";
import { type Call, type Stage } from "./call";
import { ApiError } from "../core";

export const RETENTION_MS = 24 * 60 * 60 * 1000;
/** Results larger than this are not stored; a replay then answers `idempotency_result_unavailable`. */
export const MAX_STORED_BODY_BYTES = 256 * 1024;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type IdempotencyLookup =
  | { kind: "none" }
  | { kind: "fresh"; key: string }
  | { kind: "replay"; key: string; response: StoredResponse };

/** Checks the header against the operation's column before any work is done. */
export function checkIdempotencyHeader(
  op: OperationDefinition,
  header: string | undefined,
  body: unknown,
): string | undefined {
  const rejects = rejectsIdempotencyKey(op, body);
  if (header === undefined) {
    if (op.idempotency === "required")
      throw new ApiError(
        "idempotency_key_required",
        "This operation requires an Idempotency-Key header.",
      );
    return undefined;
  }
  if (rejects)
    throw new ApiError(
      "idempotency_key_not_supported",
      "This operation does not accept the Idempotency-Key header.",
    );
  if (!IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new ApiError(
      "invalid_idempotency_key",
      "Idempotency-Key must be 1 to 255 visible ASCII characters.",
    );
  }
  return header;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** Same operation (aliases included) and same input give the same fingerprint. */
export function fingerprintOf(
  operationId: string,
  input: { params: unknown; query: unknown; body: unknown },
): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical({ operationId, ...input })))
    .digest("hex");
}

/**
 * Finds an earlier request with this key: replay it or refuse a conflict. A record is always a
 * finished request's (work in progress is never committed, see client-lock.ts). Inside the
 * request's transaction, after the Client's lock, an expired record is removed; a caller
 * without the lock (`purgeExpired: false`) only reads.
 */
export async function lookupIdempotency(
  db: Db,
  clientId: string,
  key: string,
  fingerprint: string,
  now: Date,
  opts: { purgeExpired: boolean } = { purgeExpired: true },
): Promise<IdempotencyLookup> {
  const where = and(
    eq(schema.idempotencyRecords.clientId, clientId),
    eq(schema.idempotencyRecords.key, key),
  );
  const [record] = await db.select().from(schema.idempotencyRecords).where(where).limit(1);
  if (!record) return { kind: "fresh", key };
  if (record.expiresAt <= now) {
    if (opts.purgeExpired) await db.delete(schema.idempotencyRecords).where(where);
    return { kind: "fresh", key };
  }
  if (record.fingerprint !== fingerprint) {
    throw new ApiError(
      "idempotency_key_conflict",
      "This Idempotency-Key was used with a different request; use a new key for new input.",
    );
  }
  if (!record.resultAvailable || record.responseStatus === null || record.responseBody === null) {
    throw new ApiError(
      "idempotency_result_unavailable",
      "The stored result for this Idempotency-Key cannot be retrieved.",
    );
  }
  return {
    kind: "replay",
    key,
    response: {
      status: record.responseStatus,
      headers: record.responseHeaders ?? {},
      body: record.responseBody,
    },
  };
}

/**
 * Keeps the first success for replay, in the transaction that holds the call's charge and
 * work: the record exists exactly when they do. Returns whether the body could be kept.
 */
export async function storeIdempotentResult(
  db: Db,
  record: {
    clientId: string;
    key: string;
    operationId: string;
    fingerprint: string;
    requestId: string;
    response: StoredResponse;
  },
  now: Date,
): Promise<boolean> {
  const storable = Buffer.byteLength(record.response.body, "utf8") <= MAX_STORED_BODY_BYTES;
  const values = {
    operationId: record.operationId,
    fingerprint: record.fingerprint,
    requestId: record.requestId,
    responseStatus: record.response.status,
    responseHeaders: record.response.headers,
    responseBody: storable ? record.response.body : null,
    resultAvailable: storable,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RETENTION_MS),
  };
  await db
    .insert(schema.idempotencyRecords)
    .values({ clientId: record.clientId, key: record.key, ...values })
    .onConflictDoUpdate({
      target: [schema.idempotencyRecords.clientId, schema.idempotencyRecords.key],
      set: values,
    });
  return storable;
}

export async function purgeExpiredIdempotency(db: Db, now: Date) {
  await db.delete(schema.idempotencyRecords).where(lt(schema.idempotencyRecords.expiresAt, now));
}

/** Headers kept with an idempotent result so a replay answers like the original. */
const REPLAYED_HEADERS = [
  "Location",
  "Retry-After",
  "Cache-Control",
  "X-Service-Billing-Bundle",
  "X-Service-Sponsorship-Grant",
];

/** Admission's `check-idempotency-key`: the Idempotency-Key, checked against the operation's column, and the input's fingerprint. */
export const idempotencyKeyStage: Stage = async (call) => {
  const raw = call.input!.raw;
  // The agent endpoint's paid tools all take a key (its calls come in-process, never by header),
  // so an agent's repeat is replayed like a REST one even where REST declares no key.
  const agentKey = call.http.env?.agent?.idempotencyKey;
  const op =
    agentKey !== undefined && call.op.billable && call.op.idempotency === "rejected"
      ? { ...call.op, idempotency: "optional" as const }
      : call.op;
  call.idempotencyKey = checkIdempotencyHeader(
    op,
    agentKey ?? call.http.req.header(HEADERS.idempotencyKey),
    raw.body,
  );
  if (call.idempotencyKey) call.fingerprint = fingerprintOf(call.operationId, raw);
};

/** The answer of the completed request with the call's key, given again for this call. */
function replayOf(call: Call, stored: StoredResponse): Response {
  call.replayed = true;
  return new Response(stored.body, {
    status: stored.status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      ...stored.headers,
      [HEADERS.requestId]: call.requestId,
      [HEADERS.idempotentReplay]: "true",
      ...(call.op.billable ? { [HEADERS.billingSource]: "idempotent_replay" } : {}),
    },
  });
}

/**
 * The answer of the completed request the call's key names, given again for this call, or
 * undefined. `purgeExpired` only where the call holds its key's lock (see `lookupIdempotency`).
 */
async function storedAnswer(call: Call, purgeExpired: boolean): Promise<Response | undefined> {
  if (!call.idempotencyKey) return undefined;
  const found = await lookupIdempotency(
    drizzle(await call.connection()),
    call.who.client.id,
    call.idempotencyKey,
    call.fingerprint,
    call.now,
    { purgeExpired },
  );
  return found.kind === "replay" ? replayOf(call, found.response) : undefined;
}

/** `replay`: an earlier result for this key answers the call again (nothing is charged twice). */
export const replayStage: Stage = async (call) => {
  const replay = await storedAnswer(call, true);
  if (!replay) return;
  await call.rollback();
  return replay;
};

/**
 * A call that found its Client busy (its transaction rolled back): when the request its key
 * names has completed, that answer is given again at once, however many retries arrive together
 * and whichever request keeps the Client busy meanwhile (a replay does no work, so it needs no
 * lock). A key used with other input is refused as a conflict. Undefined when the key names no
 * completed request: the call is then refused as busy.
 */
export const replayWhileBusy = (call: Call) => storedAnswer(call, false);

/** `keep-for-replay`: the first success is kept for replay, in the transaction that holds its work. */
export const storeReplayStage: Stage = async (call) => {
  if (!call.idempotencyKey) return;
  const kept = Object.fromEntries(
    Object.entries(call.headers).filter(([k]) => REPLAYED_HEADERS.includes(k)),
  );
  const stored = await storeIdempotentResult(
    drizzle(await call.connection()),
    {
      clientId: call.who.client.id,
      key: call.idempotencyKey,
      operationId: call.operationId,
      fingerprint: call.fingerprint,
      requestId: call.requestId,
      // Operations that stream or answer `304` (reads) declare no Idempotency-Key.
      response: { status: call.result!.status, headers: kept, body: call.body as string },
    },
    call.now,
  );
  call.headers[HEADERS.idempotencyStored] = String(stored);
};
