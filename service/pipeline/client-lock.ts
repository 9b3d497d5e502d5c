import type pg from "pg";
import { ApiError } from "./api-error";

/** Advisory-lock class for "one active request per Client"; the object id is hashtext(clientId). */
const CLIENT_LOCK_CLASS = 40_100_002;

/**
 * Takes the Client's session-level advisory lock on `conn` without waiting. The lock lives in
 * PostgreSQL, so every service instance on the same database sees it, and it vanishes with the
 * connection if an instance dies mid-request.
 */
export async function acquireClientLock(conn: pg.ClientBase, clientId: string): Promise<void> {
  const { rows } = await conn.query<{ locked: boolean }>(
    "SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked",
    [CLIENT_LOCK_CLASS, clientId],
  );
  if (!rows[0]?.locked) {
    throw new ApiError(
      "client_request_in_progress",
      "Another request of this Client is still running; send one request at a time.",
      {},
      { "Retry-After": "1" },
    );
  }
}

export async function releaseClientLock(conn: pg.ClientBase, clientId: string): Promise<void> {
  await conn.query({
    name: "release_client_lock",
    text: "SELECT pg_advisory_unlock($1, hashtext($2))",
    values: [CLIENT_LOCK_CLASS, clientId],
  });
}
