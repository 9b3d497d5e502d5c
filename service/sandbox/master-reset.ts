import { createHmac, timingSafeEqual } from "node:crypto";
import type pg from "pg";

/**
 * The tables that hold a Master family's state, each with the condition that selects the rows
 * the family owns (`$1`: the family's Client ids). A reset changes these rows only, and puts back
 * only recorded rows that meet the same condition: a grant belongs to its sponsor, so one another
 * Master issued to the family stays as it is; a usage event belongs to the family only when both
 * its caller and its payer do, so calls another family made or paid for stay too. In an order
 * that deletes children before what they reference; restoring goes the other way. Accounts'
 * sign-in setup (service sign-ins, OAuth client registrations) is not state a reset touches.
 */
const FAMILY_TABLES: readonly { table: string; rows: string }[] = [
  { table: "sandbox_journal", rows: "master_client_id = any($1)" },
  { table: "sandbox_fault_rules", rows: "master_client_id = any($1)" },
  { table: "oauth_tokens", rows: "account_client_id = any($1)" },
  { table: "oauth_codes", rows: "account_client_id = any($1)" },
  { table: "pilot_sessions", rows: "client_id = any($1)" },
  { table: "idempotency_records", rows: "client_id = any($1)" },
  { table: "redirect_sessions", rows: "client_id = any($1)" },
  { table: "jobs", rows: "client_id = any($1)" },
  { table: "usage_events", rows: "client_id = any($1) and payer_client_id = any($1)" },
  { table: "vehicle_access", rows: "client_id = any($1)" },
  { table: "vin_provider_bindings", rows: "client_id = any($1)" },
  { table: "rate_counters", rows: "client_id = any($1)" },
  { table: "rate_limits", rows: "client_id = any($1)" },
  { table: "client_plans", rows: "client_id = any($1)" },
  { table: "sponsorship_grants", rows: "sponsor_client_id = any($1)" },
  { table: "partner_workspaces", rows: "owner_client_id = any($1)" },
  { table: "plans", rows: "owner_client_id = any($1)" },
  // The Master's own keys stay as they are: the key that asks for a reset keeps working.
  { table: "api_keys", rows: "client_id = any($1) and client_id <> $2" },
];

type Snapshot = Record<string, unknown[]>;

/** Every table a family's state is in: the tables above, and the family's own Client rows. */
const STATE_TABLES = [...FAMILY_TABLES, { table: "clients", rows: "id = any($1)" }];

/**
 * A table's condition for the family's rows, its parameters numbered from `first`: `$1` the
 * family's Client ids, `$2` the Master's id.
 */
function owned(rows: string, family: string[], masterId: string, first = 1) {
  return {
    where: rows.replace(/\$([12])/g, (_, n: string) =>
      n === "1" ? `$${first}` : `$${first + 1}::text`,
    ),
    params: rows.includes("$2") ? [family, masterId] : [family],
  };
}

async function familyOf(conn: pg.ClientBase, masterId: string): Promise<string[]> {
  const { rows } = await conn.query<{ id: string }>(
    "select id from clients where id = $1 or parent_id = $1",
    [masterId],
  );
  return rows.map((r) => r.id);
}

/**
 * Records, right after the demo data was seeded, each Master family's rows: the state a reset
 * returns to. Runs in the seed's setup, once per database.
 */
export async function recordSeedSnapshots(conn: pg.ClientBase, now: Date): Promise<number> {
  const { rows: masters } = await conn.query<{ id: string }>(
    "select id from clients where parent_id is null",
  );
  for (const { id } of masters) {
    const family = await familyOf(conn, id);
    const tables: Snapshot = {};
    for (const { table, rows } of STATE_TABLES) {
      const { where, params } = owned(rows, family, id);
      const result = await conn.query<{ rows: unknown[] }>(
        `select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) as rows from ${table} t where ${where}`,
        params,
      );
      tables[table] = result.rows[0]!.rows;
    }
    await conn.query(
      `insert into sandbox_seed_snapshots (master_client_id, tables, taken_at) values ($1, $2, $3)
       on conflict (master_client_id) do nothing`,
      [id, JSON.stringify(tables), now.toISOString()],
    );
  }
  return masters.length;
}

/** Keys issued again for demo accounts belong to the seeded state from then on. */
export async function addReissuedKeysToSnapshots(conn: pg.ClientBase, keyHashes: string[]) {
  if (keyHashes.length === 0) return;
  await conn.query(
    `update sandbox_seed_snapshots s
        set tables = jsonb_set(s.tables, '{api_keys}', coalesce(s.tables->'api_keys', '[]'::jsonb) || coalesce((
          select jsonb_agg(to_jsonb(k)) from api_keys k
           where k.key_hash = any($1)
             and k.client_id in (select c->>'id' from jsonb_array_elements(s.tables->'clients') c)), '[]'::jsonb))`,
    [keyHashes],
  );
}

/**
 * The recorded rows of one table that are the family's to put back. A snapshot recorded by an
 * older version may hold rows of other families (it recorded every grant and usage event a
 * family took part in); those are never restored.
 */
const recordedRows = (table: string, where: string) =>
  `select * from jsonb_populate_recordset(null::${table}, $1) t where ${where}`;

/**
 * What a reset would undo: the family's rows now, table by table, beside the recorded ones; and
 * how many resets were done, which the confirmation names.
 */
export async function resetPreview(conn: pg.ClientBase, masterId: string) {
  const recorded = await snapshotOf(conn, masterId);
  if (!recorded) return undefined;
  // The Sub-users now are found by their Master in each statement: a family of 100,000 is not
  // sent to PostgreSQL as a list 38 times. The recorded ones (the seed's) are few.
  const recordedIds = [masterId, ...unionIds([], recorded.tables)];
  const now: Record<string, number> = {};
  const seeded: Record<string, number> = {};
  for (const { table, rows } of STATE_TABLES) {
    const current = inFamily(rows, 1);
    const result = await conn.query<{ n: number }>(
      `select count(*)::int as n from (select 1 from ${table} where ${current} limit ${PREVIEW_COUNT_LIMIT + 1}) r`,
      [recordedIds, masterId],
    );
    now[table] = result.rows[0]!.n;
    const inSnapshot = await conn.query<{ n: number }>(
      `select count(*)::int as n from (${recordedRows(table, inFamily(rows, 2))}) r`,
      [JSON.stringify(recorded.tables[table] ?? []), recordedIds, masterId],
    );
    seeded[table] = inSnapshot.rows[0]!.n;
  }
  return { resets: recorded.resets, now, seeded, countedUpTo: PREVIEW_COUNT_LIMIT };
}

/** The preview counts each table's rows up to this many (and says "more" beyond). */
const PREVIEW_COUNT_LIMIT = 10_000;

/**
 * A table's condition for the family's rows with the family as `$first` (the Master and the
 * recorded Sub-users) or any Sub-user of the Master (`$first + 1`), which is also `$2` of the
 * condition.
 */
function inFamily(rows: string, first: number): string {
  const master = `$${first + 1}::text`;
  return rows
    .replace(/\$2/g, "\u0000M")
    .replace(
      /([a-z_]+) = any\(\$1\)/g,
      (_, column: string) =>
        `(${column} = any($${first}) or ${column} in (select id from clients where parent_id = \u0000M))`,
    )
    .replace(/\u0000M/g, master);
}

async function snapshotOf(
  conn: pg.ClientBase,
  masterId: string,
  lock = false,
): Promise<{ tables: Snapshot; resets: number } | undefined> {
  const { rows } = await conn.query<{ tables: Snapshot; resets: number }>(
    `select tables, resets from sandbox_seed_snapshots where master_client_id = $1${lock ? " for update" : ""}`,
    [masterId],
  );
  return rows[0];
}

function unionIds(current: string[], snapshot: Snapshot): string[] {
  const seeded = (snapshot.clients ?? []).map((c) => (c as { id: string }).id);
  return [...new Set([...current, ...seeded])];
}

/** Why a reset did nothing: no recorded state, or a confirmation another reset already used. */
export type ResetRefusal = "no_seed_state" | "confirmation_used";

/**
 * Returns a Master's family to its recorded seed state in one transaction: every row the family
 * owns in the tables above is deleted and the recorded ones put back; Sub-users created since are
 * removed, seeded ones restored (the Master's own row too: its clock, balance and settings); the
 * Master's own keys are left as they are. Every stamp of the family moves, so no instance keeps
 * a caller from before.
 *
 * `confirmedAt` is the number of resets the confirmation was given at: the reset counts itself
 * under the snapshot's row lock, so of two resets with one confirmation, however close, one runs
 * and the other is refused.
 */
export async function resetMaster(
  conn: pg.ClientBase,
  masterId: string,
  confirmedAt: number,
): Promise<Record<string, number> | ResetRefusal> {
  await conn.query("BEGIN");
  try {
    const recorded = await snapshotOf(conn, masterId, true);
    if (!recorded || recorded.resets !== confirmedAt) {
      await conn.query("ROLLBACK");
      return recorded ? "confirmation_used" : "no_seed_state";
    }
    await conn.query(
      "update sandbox_seed_snapshots set resets = resets + 1 where master_client_id = $1",
      [masterId],
    );
    const snapshot = recorded.tables;
    const family = unionIds(await familyOf(conn, masterId), snapshot);
    const seededIds = (snapshot.clients ?? []).map((c) => (c as { id: string }).id);
    // The family's Client rows first, as a charge takes them: a charge debits its payer's row
    // before its event moves the month's totals (migration 0014), and the deletes below move the
    // same totals. Taking them the other way round, a reset and a charge would deadlock.
    await conn.query("select id from clients where id = any($1) order by id for update", [family]);
    for (const { table, rows } of FAMILY_TABLES) {
      const { where, params } = owned(rows, family, masterId);
      await conn.query(`delete from ${table} where ${where}`, params);
    }
    await conn.query("delete from clients where id = any($1) and not (id = any($2))", [
      family,
      seededIds,
    ]);
    // Seeded Clients are updated in place (sign-in setup refers to them), every column as recorded.
    const { rows: columns } = await conn.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'clients' and column_name <> 'id'`,
    );
    const set = columns.map((c) => `"${c.name}" = excluded."${c.name}"`).join(", ");
    await conn.query(
      `insert into clients select * from jsonb_populate_recordset(null::clients, $1)
       on conflict (id) do update set ${set}`,
      [JSON.stringify(snapshot.clients ?? [])],
    );
    const restored: Record<string, number> = { clients: (snapshot.clients ?? []).length };
    for (const { table, rows } of [...FAMILY_TABLES].reverse()) {
      const kept = owned(rows, family, masterId, 2);
      const result = await conn.query(
        `insert into ${table} ${recordedRows(table, kept.where)} on conflict do nothing`,
        [JSON.stringify(snapshot[table] ?? []), ...kept.params],
      );
      restored[table] = result.rowCount ?? 0;
    }
    await conn.query(
      "update clients set auth_stamp = (select max(auth_stamp) + 1 from clients) where id = any($1)",
      [family],
    );
    await conn.query("COMMIT");
    return restored;
  } catch (error) {
    await conn.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/**
 * The confirmation a reset needs: made for one Master and for the reset that comes next (it
 * names how many were done), valid for five minutes, signed with the instance's operator token,
 * so any instance sharing that token accepts it. It works once: the reset it allows counts up.
 */
export function resetConfirmation(secret: string, masterId: string, resets: number, now: Date) {
  const expiresAt = new Date(now.getTime() + 5 * 60_000).toISOString();
  const signed = `${expiresAt}.${resets}`;
  return {
    confirmationToken: `${signed}.${sign(secret, masterId, signed)}`,
    expiresAt,
  };
}

/**
 * The number of resets a confirmation was given at, when it is this Master's, correctly signed
 * and unexpired; undefined otherwise.
 */
export function confirmedResets(
  secret: string,
  masterId: string,
  token: string,
  now: Date,
): number | undefined {
  // The time itself holds dots: the count and the signature are the last two parts.
  const parts = /^(.+)\.(\d{1,9})\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!parts) return undefined;
  const [, expiresAt, resets, signature] = parts as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(secret, masterId, `${expiresAt}.${resets}`));
  const sent = Buffer.from(signature);
  const at = Date.parse(expiresAt);
  if (
    Number.isNaN(at) ||
    at <= now.getTime() ||
    sent.length !== expected.length ||
    !timingSafeEqual(sent, expected)
  )
    return undefined;
  return Number(resets);
}

function sign(secret: string, masterId: string, signed: string) {
  return createHmac("sha256", secret)
    .update(`reset\u0000${masterId}\u0000${signed}`)
    .digest("base64url");
}
