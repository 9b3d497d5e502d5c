import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { IDEMPOTENCY_KEY_PATTERN } from "@/lib/api/contract/headers";
import { type OperationDefinition } from "@/lib/api/contract/operations";
import { type Db, schema } from "../db/database";
import { ApiError } from "./api-error";

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
  const rejects =
    op.idempotency === "rejected" ||
    // The rich vehicle document with sensitive data keeps no replay, so it refuses the key.
    (typeof body === "object" &&
      body !== null &&
      (body as { includeSensitiveData?: unknown }).includeSensitiveData === true);
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
 * Finds an earlier request with this key: replay it or refuse a conflict. Called inside the
 * request's transaction, after the Client's lock: no other request of the Client runs, so a
 * record is always a finished one (work in progress is never committed, see client-lock.ts).
 */
export async function lookupIdempotency(
  db: Db,
  clientId: string,
  key: string,
  fingerprint: string,
  now: Date,
): Promise<IdempotencyLookup> {
  const where = and(
    eq(schema.idempotencyRecords.clientId, clientId),
    eq(schema.idempotencyRecords.key, key),
  );
  const [record] = await db.select().from(schema.idempotencyRecords).where(where).limit(1);
  if (!record) return { kind: "fresh", key };
  if (record.expiresAt <= now) {
    await db.delete(schema.idempotencyRecords).where(where);
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
