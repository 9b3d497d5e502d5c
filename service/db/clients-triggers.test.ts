import { describe, expect, it } from "vitest";
import { serviceForThisFile } from "@/test/support/service-harness";

/**
 * The clients table's row triggers name the columns they watch (migration 0020), so the balance
 * update of every charge fires none of them. These tests hold the auth stamp's list to the table:
 * a column added to clients and not to the list would let a caller an instance remembered go on
 * unchecked after that column changed.
 */
const svc = serviceForThisFile();
const query = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  svc.service.database.pool.query<T>(text, values).then((r) => r.rows);

/** Columns of clients a caller is not authorised from: a change of these keeps the stamp. */
const NOT_WATCHED = ["balance_minor", "updated_at", "auth_stamp"];

async function watchedColumns(trigger: string) {
  const rows = await query<{ column_name: string }>(
    `select a.attname as column_name
       from pg_trigger t
       join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any (t.tgattr::int2[])
      where t.tgname = $1 and t.tgrelid = 'clients'::regclass`,
    [trigger],
  );
  return rows.map((r) => r.column_name).sort();
}

async function stampOf(clientId: string) {
  const [row] = await query<{ auth_stamp: string }>(
    "select auth_stamp from clients where id = $1",
    [clientId],
  );
  return Number(row!.auth_stamp);
}

describe("the clients table's triggers", () => {
  it("move the auth stamp on every column but the balance, updated_at and the stamp", async () => {
    const columns = await query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'clients'`,
    );
    const expected = columns
      .map((c) => c.column_name)
      .filter((c) => !NOT_WATCHED.includes(c))
      .sort();
    expect(expected.length).toBeGreaterThan(10);
    expect(await watchedColumns("clients_auth_stamp")).toEqual(expected);
  });

  it("leave the stamp as it is when only the balance changes, and move it on a rename", async () => {
    const [client] = await query<{ id: string }>(
      "select id from clients where parent_id is null order by id limit 1",
    );
    const before = await stampOf(client!.id);
    await query("update clients set balance_minor = balance_minor + 1 where id = $1", [client!.id]);
    await query("update clients set updated_at = now() where id = $1", [client!.id]);
    expect(await stampOf(client!.id)).toBe(before);
    await query("update clients set name = name || ' (renamed)' where id = $1", [client!.id]);
    expect(await stampOf(client!.id)).toBe(before + 1);
    // Set to the value it had: the function still compares, and finds nothing changed.
    await query("update clients set currency = currency where id = $1", [client!.id]);
    expect(await stampOf(client!.id)).toBe(before + 1);
  });

  it("tell the Sub-user lists of the columns they show, not of a balance", async () => {
    expect(await watchedColumns("clients_list_update")).toEqual(
      [
        "allowlist",
        "created_at",
        "default_provider_id",
        "id",
        "is_active",
        "name",
        "parent_id",
        "updated_at",
      ].sort(),
    );
  });
});
