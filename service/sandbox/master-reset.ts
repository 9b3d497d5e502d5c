import { createHmac, timingSafeEqual } from "node:crypto";
import type pg from "pg";

/**
 * The tables that hold a Master family's state, each with the condition that selects the
 * family's rows (`$1`: the family's Client ids). In an order that deletes children before what
 * they reference; restoring goes the other way. Accounts' sign-in setup (service sign-ins, OAuth
 * client registrations) is not state a reset touches.
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
  { table: "usage_events", rows: "client_id = any($1) or payer_client_id = any($1)" },
  { table: "vehicle_access", rows: "client_id = any($1)" },
  { table: "vin_provider_bindings", rows: "client_id = any($1)" },
  { table: "rate_counters", rows: "client_id = any($1)" },
  { table: "rate_limits", rows: "client_id = any($1)" },
  { table: "client_plans", rows: "client_id = any($1)" },
  {
    table: "sponsorship_grants",
    rows: "sponsor_client_id = any($1) or beneficiary_client_id = any($1)",
  },
  { table: "partner_workspaces", rows: "owner_client_id = any($1) or client_id = any($1)" },
  { table: "plans", rows: "owner_client_id = any($1)" },
  // The Master's own keys stay as they are: the key that asks for a reset keeps working.
  { table: "api_keys", rows: "client_id = any($1) and client_id <> $2" },
];

type Snapshot = Record<string, unknown[]>;

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
    for (const { table, rows } of [...FAMILY_TABLES, { table: "clients", rows: "id = any($1)" }]) {
      const result = await conn.query<{ rows: unknown[] }>(
        `select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) as rows from ${table} t
          where ${rows.replaceAll("$2", "$2::text")}`,
        rows.includes("$2") ? [family, id] : [family],
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

/** What a reset would undo: the family's rows now, table by table, beside the recorded ones. */
export async function resetPreview(conn: pg.ClientBase, masterId: string) {
  const snapshot = await snapshotOf(conn, masterId);
  if (!snapshot) return undefined;
  const family = unionIds(await familyOf(conn, masterId), snapshot);
  const now: Record<string, number> = {};
  const seeded: Record<string, number> = {};
  for (const { table, rows } of [...FAMILY_TABLES, { table: "clients", rows: "id = any($1)" }]) {
    const result = await conn.query<{ n: number }>(
      `select count(*)::int as n from ${table} where ${rows.replaceAll("$2", "$2::text")}`,
      rows.includes("$2") ? [family, masterId] : [family],
    );
    now[table] = result.rows[0]!.n;
    seeded[table] = (snapshot[table] ?? []).length;
  }
  return { now, seeded };
}

async function snapshotOf(conn: pg.ClientBase, masterId: string): Promise<Snapshot | undefined> {
  const { rows } = await conn.query<{ tables: Snapshot }>(
    "select tables from sandbox_seed_snapshots where master_client_id = $1",
    [masterId],
  );
  return rows[0]?.tables;
}

function unionIds(current: string[], snapshot: Snapshot): string[] {
  const seeded = (snapshot.clients ?? []).map((c) => (c as { id: string }).id);
  return [...new Set([...current, ...seeded])];
}

/**
 * Returns a Master's family to its recorded seed state in one transaction: every family row of
 * the tables above is deleted and the recorded ones put back; Sub-users created since are
 * removed, seeded ones restored (the Master's own row too: its clock, balance and settings); the
 * Master's own keys are left as they are. Every stamp of the family moves, so no instance keeps
 * a caller from before. Undefined when no seed state is recorded for this Master.
 */
export async function resetMaster(conn: pg.ClientBase, masterId: string) {
  await conn.query("BEGIN");
  try {
    const snapshot = await snapshotOf(conn, masterId);
    if (!snapshot) {
      await conn.query("ROLLBACK");
      return undefined;
    }
    const family = unionIds(await familyOf(conn, masterId), snapshot);
    const seededIds = (snapshot.clients ?? []).map((c) => (c as { id: string }).id);
    // The family's Client rows first, as a charge takes them: a charge debits its payer's row
    // before its event moves the month's totals (migration 0014), and the deletes below move the
    // same totals. Taking them the other way round, a reset and a charge would deadlock.
    await conn.query("select id from clients where id = any($1) order by id for update", [family]);
    for (const { table, rows } of FAMILY_TABLES)
      await conn.query(
        `delete from ${table} where ${rows.replaceAll("$2", "$2::text")}`,
        rows.includes("$2") ? [family, masterId] : [family],
      );
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
    for (const { table } of [...FAMILY_TABLES].reverse()) {
      const rows = snapshot[table] ?? [];
      if (rows.length)
        await conn.query(
          `insert into ${table} select * from jsonb_populate_recordset(null::${table}, $1)
           on conflict do nothing`,
          [JSON.stringify(rows)],
        );
      restored[table] = rows.length;
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
 * The confirmation a reset needs: made for one Master, valid for five minutes, signed with the
 * instance's operator token, so any instance sharing that token accepts it.
 */
export function resetConfirmation(secret: string, masterId: string, now: Date) {
  const expiresAt = new Date(now.getTime() + 5 * 60_000).toISOString();
  return { confirmationToken: `${expiresAt}.${sign(secret, masterId, expiresAt)}`, expiresAt };
}

export function confirmationHolds(
  secret: string,
  masterId: string,
  token: string,
  now: Date,
): boolean {
  const dot = token.lastIndexOf(".");
  if (dot < 0) return false;
  const expiresAt = token.slice(0, dot);
  const expected = Buffer.from(sign(secret, masterId, expiresAt));
  const sent = Buffer.from(token.slice(dot + 1));
  const at = Date.parse(expiresAt);
  return (
    !Number.isNaN(at) &&
    at > now.getTime() &&
    sent.length === expected.length &&
    timingSafeEqual(sent, expected)
  );
}

function sign(secret: string, masterId: string, expiresAt: string) {
  return createHmac("sha256", secret)
    .update(`reset\u0000${masterId}\u0000${expiresAt}`)
    .digest("base64url");
}
