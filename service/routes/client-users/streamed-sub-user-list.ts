import { createHash } from "node:crypto";
import { type OperationId } from "@/lib/api/contract/operations";
import { type ServiceContext } from "../../context";
import type pg from "pg";
import { type ListPosition, subUserListChangedSince, subUserListRows } from "../../domain/clients";
import { ensureContract } from "../../pipeline/response";
import { toClientUserList } from "./client-user.representation";

/**
 * Sub-users read, checked and sent at a time when a list is too long to hold. Each batch lives
 * across the round trips that keep it, long enough for V8 to promote it: 2,000 at a time raised
 * the service's peak by 16 MB more than 500 do, and took longer (9.3 s against 8.5 for 100,000).
 */
export const STREAM_BATCH = 500;

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

/** Sub-users changed since the kept entries beyond this, and all entries are built again. */
const PATCH_LIMIT = 500;

/** Kept entries sent at a time (each a text column: no rendering, no check, on the way). */
export const SEND_BATCH = 5_000;

type Rows = Awaited<ReturnType<typeof subUserListRows>>;

/** The Sub-users of `rows`, checked against the contract, as the answer's entries. */
function entriesOf(
  rows: Rows,
  masterId: string,
  operationId: OperationId,
  service: ServiceContext,
) {
  const clientUsers = toClientUserList(rows, masterId);
  // An entry that breaks the contract is never kept nor sent: the call ends with a 500.
  ensureContract(operationId, 200, { clientUsers }, service.log);
  return clientUsers.map((user, i) => ({
    clientId: user.id,
    createdUs: rows.clients[i]![7],
    entry: JSON.stringify(user),
  }));
}

/**
 * Writes entries built at `version`; an entry kept from a later version is left as it is, and
 * one of a Sub-user no longer this Master's (moved since the batch was read, its entry already
 * removed by a newer reader) is not written back.
 */
async function keepEntries(
  conn: pg.ClientBase,
  masterId: string,
  version: number,
  entries: { clientId: string; createdUs: number; entry: string }[],
) {
  if (entries.length === 0) return;
  await conn.query(
    `insert into sub_user_list_entries (master_client_id, client_id, created_us, entry, version)
       select $1, t.c, t.u, t.e, $5 from unnest($2::text[], $3::bigint[], $4::text[]) as t(c, u, e)
         join clients on clients.id = t.c and clients.parent_id = $1
     on conflict (master_client_id, client_id) do update
        set created_us = excluded.created_us, entry = excluded.entry, version = excluded.version
      where sub_user_list_entries.version <= excluded.version`,
    [
      masterId,
      entries.map((e) => e.clientId),
      entries.map((e) => String(e.createdUs)),
      entries.map((e) => e.entry),
      version,
    ],
  );
}

/** The kept entries are all current at `version` (a later one already said stays). */
async function entriesCurrentAt(conn: pg.ClientBase, masterId: string, version: number) {
  await conn.query(
    `insert into sub_user_list_entries_at (master_client_id, version) values ($1, $2)
     on conflict (master_client_id) do update
        set version = greatest(sub_user_list_entries_at.version, excluded.version)`,
    [masterId, version],
  );
}

/**
 * A long list: the entries kept in PostgreSQL brought up to `version` (the Sub-users changed
 * since built again, up to `PATCH_LIMIT` of them), then sent a batch at a time in the list's
 * order, each batch read on a connection taken for it alone (a slow reader holds none). Without
 * kept entries, or with more changed, the list is built as it is sent, and kept on the way.
 * Memory stays one batch whatever the list's length; a Sub-user created meanwhile is in the
 * answer or not, never twice.
 */
export async function keptSubUserList(
  service: ServiceContext,
  masterId: string,
  version: number,
  operationId: OperationId,
): Promise<ReadableStream<Uint8Array>> {
  const { pool } = service.database;
  const conn = await pool.connect();
  try {
    const { rows } = await conn.query<{ version: string }>(
      "select version from sub_user_list_entries_at where master_client_id = $1",
      [masterId],
    );
    const keptAt = rows[0] ? Number(rows[0].version) : undefined;
    if (keptAt === undefined) return buildingStream(service, masterId, version, operationId);
    if (keptAt < version) {
      const changed = await subUserListChangedSince(conn, masterId, keptAt, PATCH_LIMIT);
      if (!changed) return buildingStream(service, masterId, version, operationId);
      const fresh = await subUserListRows(conn, masterId, { only: changed });
      const entries = entriesOf(fresh, masterId, operationId, service);
      await keepEntries(conn, masterId, version, entries);
      // Changed and no longer in the list: removed, or now another Master's.
      await conn.query(
        `delete from sub_user_list_entries
          where master_client_id = $1 and client_id = any($2::text[])
            and not (client_id = any($3::text[])) and version <= $4`,
        [masterId, changed, entries.map((e) => e.clientId), version],
      );
      await entriesCurrentAt(conn, masterId, version);
    }
  } finally {
    conn.release();
  }
  return keptStream(service, masterId);
}

const OPEN = '{"clientUsers":[';
const CLOSE = "]}";
const COMMA = Buffer.from(",");

/** One batch of kept entries after `after`, each entry as its UTF-8 bytes. */
function keptBatch(service: ServiceContext, masterId: string, after: ListPosition | undefined) {
  // `convert_to` sends each entry as bytes: the driver would decode text to a string, which the
  // answer would then encode again (two thirds of the list's time, measured).
  return service.database.pool.query<[string, string, Buffer]>({
    text: `select created_us::text as at, client_id, convert_to(entry, 'UTF8') as entry
             from sub_user_list_entries
            where master_client_id = $1 ${after ? `and (created_us, client_id collate "C") > ($2::bigint, $3::text collate "C")` : ""}
            order by created_us, client_id collate "C" limit $${after ? 4 : 2}`,
    values: after
      ? [masterId, String(after[0]), after[1], service.config.subUserListSendBatch]
      : [masterId, service.config.subUserListSendBatch],
    rowMode: "array",
  });
}

/**
 * The kept entries, in the list's order, a batch at a time: the next batch is asked for while
 * this one is sent, so PostgreSQL's time and the socket's overlap (two batches held at most).
 */
function keptStream(service: ServiceContext, masterId: string): ReadableStream<Uint8Array> {
  let next: ReturnType<typeof keptBatch> | undefined;
  let opened = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { rows } = await (next ?? keptBatch(service, masterId, undefined));
        const last = rows.at(-1);
        const more = rows.length === service.config.subUserListSendBatch && last !== undefined;
        next = more ? keptBatch(service, masterId, [Number(last[0]), last[1]]) : undefined;
        // Handled when the next pull awaits it; until then its failure must not count as unhandled.
        next?.catch(() => {});
        const parts: Buffer[] = [];
        if (!opened) parts.push(Buffer.from(OPEN));
        else if (rows.length) parts.push(COMMA);
        opened = true;
        rows.forEach((row, i) => {
          if (i) parts.push(COMMA);
          parts.push(row[2]);
        });
        if (!more) parts.push(Buffer.from(CLOSE));
        controller.enqueue(Buffer.concat(parts));
        if (!more) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The list built from the Sub-users as it is sent, `STREAM_BATCH` at a time, each batch kept as
 * entries at `version` on the way; once the last one is sent, entries of Sub-users no longer in
 * the list go and the entries are current at `version`.
 */
function buildingStream(
  service: ServiceContext,
  masterId: string,
  version: number,
  operationId: OperationId,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: ListPosition | undefined;
  let opened = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const conn = await service.database.pool.connect();
        try {
          const rows = await subUserListRows(conn, masterId, { after, limit: STREAM_BATCH });
          const entries = entriesOf(rows, masterId, operationId, service);
          await keepEntries(conn, masterId, version, entries);
          const text = entries.map((e) => e.entry).join(",");
          const start = opened ? (text ? "," : "") : OPEN;
          opened = true;
          const last = rows.clients.at(-1);
          if (rows.clients.length < STREAM_BATCH || !last) {
            await conn.query(
              `delete from sub_user_list_entries e
                where e.master_client_id = $1 and e.version <= $2 and not exists
                      (select 1 from clients c where c.id = e.client_id and c.parent_id = $1)`,
              [masterId, version],
            );
            await entriesCurrentAt(conn, masterId, version);
            // Many rows were written: reads that follow walk them in order only if PostgreSQL
            // knows how many there are.
            await conn.query("analyze sub_user_list_entries");
            controller.enqueue(encoder.encode(`${start}${text}${CLOSE}`));
            controller.close();
            return;
          }
          after = [last[7], last[0]];
          controller.enqueue(encoder.encode(start + text));
        } finally {
          conn.release();
        }
      },
    },
    { highWaterMark: 0 },
  );
}
