import type pg from "pg";
import { type Call, type Stage } from "./call";
import { replayWhileBusy } from "./idempotency";
import { ApiError } from "../core";

/** Advisory-lock classes: "one active request per Client", and the request holding an Idempotency-Key. */
const CLIENT_LOCK_CLASS = 40_100_002;
const IDEMPOTENCY_LOCK_CLASS = 40_100_003;

/** FNV-1a, as a signed 32-bit integer: the object id of an advisory lock. */
export function lockIdOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** Whether the call got its Client's lock, and its Idempotency-Key's (true when it sends none). */
export interface ClientLocks {
  client: boolean;
  key: boolean;
}

/**
 * The statement that takes the Client's lock (and its Idempotency-Key's) inside the request's
 * transaction. The locks are transaction-level: PostgreSQL releases them at the same instant
 * the request's work commits or rolls back, and when the connection dies with its instance. So a
 * crash leaves neither a held Client nor a blocked Idempotency-Key behind, and the next request
 * of the Client sees everything the last one committed. It carries only integers, so it can
 * travel with other statements in one simple-protocol message.
 */
export function takeLocksSql(clientId: string, idempotencyKey: string | undefined): string {
  const client = `${CLIENT_LOCK_CLASS}, ${lockIdOf(clientId)}`;
  const key =
    idempotencyKey === undefined
      ? "true"
      : `pg_try_advisory_xact_lock(${IDEMPOTENCY_LOCK_CLASS}, ${lockIdOf(`${clientId}\u0000${idempotencyKey}`)})`;
  return `SELECT pg_try_advisory_xact_lock(${client}) AS client, ${key} AS key`;
}

/**
 * Ends a request that found its Client busy (its transaction, if it has one, rolled back): it
 * gets `429 client_request_in_progress`, or `409 idempotency_request_in_progress` when the busy
 * request holds the same Idempotency-Key, with the `Retry-After` of `busyRetryAfter`.
 */
export async function refuseBusyClient(
  conn: pg.ClientBase,
  locks: ClientLocks,
  opts: { clientId: string; abandonedRequestSeconds: number },
): Promise<never> {
  const retryAfter = String(
    await busyRetryAfter(conn, lockIdOf(opts.clientId), opts.abandonedRequestSeconds),
  );
  if (!locks.key) {
    throw new ApiError(
      "idempotency_request_in_progress",
      "The first request with this Idempotency-Key is still running; retry after Retry-After.",
      {},
      { "Retry-After": retryAfter },
    );
  }
  throw new ApiError(
    "client_request_in_progress",
    "Another request of this Client is still running; send one request at a time.",
    {},
    { "Retry-After": retryAfter },
  );
}

/**
 * When the Client's busy request will let go, as far as the database can tell: a request at
 * work (or just between two statements) ends any moment, so 1 second; one idle in its
 * transaction for longer belongs to an instance that stopped answering, and PostgreSQL ends it
 * `abandonedRequestSeconds` after it went idle.
 */
async function busyRetryAfter(
  conn: pg.ClientBase,
  clientLockId: number,
  abandonedRequestSeconds: number,
): Promise<number> {
  const { rows } = await conn.query<{ state: string | null; idle_seconds: number }>({
    name: "client_lock_holder",
    text: `select a.state, extract(epoch from (clock_timestamp() - a.state_change))::float8 as idle_seconds
             from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where l.locktype = 'advisory' and l.granted and l.objsubid = 2
              and l.classid = $1::oid and l.objid = $2::oid
            limit 1`,
    values: [CLIENT_LOCK_CLASS, clientLockId >>> 0],
  });
  const holder = rows[0];
  if (!holder || holder.state !== "idle in transaction" || holder.idle_seconds < 1) return 1;
  return Math.max(1, Math.ceil(abandonedRequestSeconds - holder.idle_seconds));
}

/**
 * A call whose Client is busy (its transaction, if any, rolled back): the completed request its
 * Idempotency-Key names is replayed; otherwise it is refused as busy.
 */
export async function answerBusyClient(call: Call, locks: ClientLocks): Promise<Response> {
  const replay = await replayWhileBusy(call);
  if (replay) return replay;
  return refuseBusyClient(await call.connection(), locks, {
    clientId: call.who.client.id,
    abandonedRequestSeconds: call.service.config.abandonedRequestSeconds,
  });
}

/**
 * Admission's `take-client-lock`: the call's transaction, holding the Client's lock (and its Idempotency-Key's), opened
 * with its locks in one round trip. Without the Client's lock it is rolled back at once.
 */
export const clientLockStage: Stage = async (call) => {
  const results = (await (
    await call.connection()
  ).query(
    `BEGIN; ${takeLocksSql(call.who.client.id, call.idempotencyKey)}`,
  )) as unknown as pg.QueryResult<ClientLocks>[];
  call.transactionOpened();
  const locks = results[1]!.rows[0]!;
  if (locks.client) return;
  await call.rollback();
  return answerBusyClient(call, locks);
};
