import { createHash } from "node:crypto";
import { type OperationId } from "@/lib/api/contract/operations";
import { type ServiceContext } from "../../context";
import { type ListPosition, subUserListRows } from "../../domain/clients";
import { ensureContract } from "../../pipeline/response";
import { toClientUserList } from "./client-user.representation";

/** Sub-users read, checked and sent at a time when a list is too long to hold. */
export const STREAM_BATCH = 2_000;

/**
 * The list's entity tag: the Master (a tag is never current for another Master's list) and the
 * list's version, which PostgreSQL moves in the transaction of every change to it.
 */
export function subUserListTag(masterId: string, version: number): string {
  const master = createHash("sha256").update(masterId).digest("base64url").slice(0, 12);
  return `"sul-${master}-${version}"`;
}

/** Whether an `If-None-Match` names this tag (a list of tags, weak or strong, or `*`). */
export function tagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || t === tag);
}

/**
 * A Master's whole list as a stream: `STREAM_BATCH` Sub-users at a time, each batch read on a
 * connection taken for it alone (a slow reader holds no connection), checked against the
 * contract and serialised, the next read only when the reader took the last. Memory stays one
 * batch whatever the list's length. Batches follow the list's order from where the last one
 * stopped, so a Sub-user created meanwhile is in the answer or not, never twice.
 */
export function streamedSubUserList(
  service: ServiceContext,
  masterId: string,
  operationId: OperationId,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: ListPosition | undefined;
  let opened = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const conn = await service.database.pool.connect();
        let rows: Awaited<ReturnType<typeof subUserListRows>>;
        try {
          rows = await subUserListRows(conn, masterId, { after, limit: STREAM_BATCH });
        } finally {
          conn.release();
        }
        const clientUsers = toClientUserList(rows, masterId);
        // An entry that breaks the contract ends the answer unfinished: the reader's parse fails.
        ensureContract(operationId, 200, { clientUsers }, service.log);
        const entries = clientUsers.map((user) => JSON.stringify(user)).join(",");
        const start = opened ? (entries ? "," : "") : '{"clientUsers":[';
        opened = true;
        const last = rows.clients.at(-1);
        if (rows.clients.length < STREAM_BATCH || !last) {
          controller.enqueue(encoder.encode(`${start}${entries}]}`));
          controller.close();
          return;
        }
        after = [last[7], last[0]];
        controller.enqueue(encoder.encode(start + entries));
      },
    },
    // Nothing read ahead of the reader.
    { highWaterMark: 0 },
  );
}
