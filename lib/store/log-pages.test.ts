import { describe, expect, it } from "vitest";
import { logCursorOf } from "@/lib/log-cursor";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { allAudit, listAudit, recordAudit } from "./audit-log";
import { getStore } from "./db";

consoleStoreForThisFile();

const PAGE = 7;

/** Entries for `org`, several written in the same microsecond (one statement), as a busy log has. */
async function fill(org: string, count: number, at = "2026-11-01T10:00:00Z") {
  const db = await getStore();
  await db.$client.query(
    `INSERT INTO console_audit_log (client_id, organization_id, operation_id, target, outcome, created_at)
     SELECT 'cl_x', $1, 'createClientUser', 'entry ' || n, 'success',
            $2::timestamptz + (n / 3) * interval '1 second'
     FROM generate_series(1, $3) AS n`,
    [org, at, count],
  );
}

/** Every page from the top by `next`, each page's targets. */
async function walkForward(org: string, filters = {}) {
  const pages: string[][] = [];
  let next: string | null = "";
  while (next !== null) {
    const page = await listAudit(org, filters, {
      cursor: logCursorOf({ next: next || undefined }),
      pageSize: PAGE,
    });
    pages.push(page.entries.map((e) => e.target!));
    next = page.next;
  }
  return pages;
}

describe("a log's pages by position", () => {
  it("walk the whole log newest first, each entry once, ties in time included", async () => {
    await fill("org_walk", 40);
    const pages = await walkForward("org_walk");
    const seen = pages.flat();
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
    expect(pages.slice(0, -1).every((p) => p.length === PAGE)).toBe(true);
    // Newest first: entry 40 (latest second, highest id) down to entry 1.
    expect(seen[0]).toBe("entry 40");
    expect(seen.at(-1)).toBe("entry 1");
    const first = await listAudit("org_walk", {}, { cursor: null, pageSize: PAGE });
    expect(first.previous).toBeNull();
  });

  it("going back from any page gives the page before it, and the top has no page before", async () => {
    await fill("org_back", 30);
    const forward: { targets: string[]; previous: string | null }[] = [];
    let next: string | null = null;
    do {
      const page = await listAudit(
        "org_back",
        {},
        { cursor: logCursorOf({ next: next ?? undefined }), pageSize: PAGE },
      );
      forward.push({ targets: page.entries.map((e) => e.target!), previous: page.previous });
      next = page.next;
    } while (next);
    for (let i = forward.length - 1; i > 0; i--) {
      const back = await listAudit(
        "org_back",
        {},
        { cursor: logCursorOf({ prev: forward[i]!.previous! }), pageSize: PAGE },
      );
      expect(back.entries.map((e) => e.target)).toEqual(forward[i - 1]!.targets);
      expect(back.next).not.toBeNull();
      expect(back.previous === null).toBe(i === 1);
    }
  });

  it("never skips or repeats an entry while new ones arrive between pages", async () => {
    await fill("org_live", 35);
    const seen: string[] = [];
    let next: string | null = null;
    let written = 0;
    do {
      const page = await listAudit(
        "org_live",
        {},
        { cursor: logCursorOf({ next: next ?? undefined }), pageSize: PAGE },
      );
      seen.push(...page.entries.map((e) => e.target!));
      next = page.next;
      // Between two pages, others act: newer entries, several at once.
      await Promise.all(
        Array.from({ length: 3 }, () =>
          recordAudit({
            organizationId: "org_live",
            clientId: "cl_x",
            operationId: "updateClientUser",
            target: `new ${++written}`,
            outcome: "success",
          }),
        ),
      );
    } while (next);
    expect(seen.filter((t) => t.startsWith("new"))).toEqual([]);
    expect(seen).toHaveLength(35);
    expect(new Set(seen).size).toBe(35);
    // The top now starts with what arrived, newest first.
    const top = await listAudit("org_live", {}, { cursor: null, pageSize: PAGE });
    expect(top.entries[0]!.target).toMatch(/^new /);
  });

  it("pages only the filtered entries, and another organization's never", async () => {
    await fill("org_a", 20);
    await fill("org_b", 20);
    await getStore().then((db) =>
      db.$client.query(
        "UPDATE console_audit_log SET outcome = 'failure' WHERE organization_id = 'org_a' AND substr(target, 7)::int % 2 = 0",
      ),
    );
    const failures = (await walkForward("org_a", { outcome: "failure" })).flat();
    expect(failures).toHaveLength(10);
    expect(failures.every((t) => Number(t.slice(6)) % 2 === 0)).toBe(true);
    const own = (await walkForward("org_b")).flat();
    expect(own).toHaveLength(20);
  });

  it("a cursor whose id is no number shows a numbered log's top, never an error", async () => {
    await fill("org_forged", 10);
    const top = await listAudit("org_forged", {}, { cursor: null, pageSize: PAGE });
    const forged = await listAudit(
      "org_forged",
      {},
      { cursor: logCursorOf({ next: "2026-11-01T10:00:02.000000Z~abc" }), pageSize: PAGE },
    );
    expect(forged.entries.map((e) => e.id)).toEqual(top.entries.map((e) => e.id));
  });

  it("a cursor past which nothing is left shows the top, not an empty page", async () => {
    await fill("org_empty", 10);
    const top = await listAudit("org_empty", {}, { cursor: null, pageSize: PAGE });
    for (const place of [
      { prev: "2099-01-01T00:00:00.000000Z~1" },
      { next: "1900-01-01T00:00:00.000000Z~1" },
    ]) {
      const page = await listAudit("org_empty", {}, { cursor: logCursorOf(place), pageSize: PAGE });
      expect(page.entries.map((e) => e.id)).toEqual(top.entries.map((e) => e.id));
      expect(page.next).not.toBeNull();
    }
  });

  it("the export reads every entry once, however many share a microsecond", async () => {
    const db = await getStore();
    await db.$client.query(
      `INSERT INTO console_audit_log (client_id, organization_id, operation_id, target, outcome, created_at)
       SELECT 'cl_x', 'org_export', 'createClientUser', 'entry ' || n, 'success',
              timestamptz '2026-11-01T10:00:00.123456Z' + (n / 4) * interval '1 microsecond'
       FROM generate_series(1, 10) AS n`,
    );
    const exported: string[] = [];
    for await (const batch of allAudit("org_export", {}, 2))
      exported.push(...batch.map((e) => e.target!));
    expect(exported).toHaveLength(10);
    expect(new Set(exported).size).toBe(10);
  });

  it("a cursor that does not parse is no cursor: the top of the log", () => {
    expect(logCursorOf({ next: "2026-11-01T10:00:00Z~1" })).toBeNull();
    expect(logCursorOf({ next: "nonsense" })).toBeNull();
    // Outside what PostgreSQL reads as a time, or no date at all.
    expect(logCursorOf({ next: "0000-01-01T00:00:00.000000Z~1" })).toBeNull();
    expect(logCursorOf({ next: "2026-02-30T10:00:00.000001Z~1" })).toBeNull();
    expect(logCursorOf({ prev: "2026-11-01T10:00:00.000001Z~4'; drop" })).toBeNull();
    expect(logCursorOf({ next: "2026-11-01T10:00:00.000001Z~42" })).toEqual({
      toward: "next",
      at: "2026-11-01T10:00:00.000001Z",
      id: "42",
    });
  });
});
