import { expect, it } from "vitest";
import { consoleStoreForThisFile } from "@/test/support/console-store";
import { claimScheduledRound } from "./scheduled-rounds";

consoleStoreForThisFile();

it("a period's round is claimed once, whichever instance asks, even all at once", async () => {
  const at = new Date("2026-11-26T10:20:00Z");
  const claims = await Promise.all(
    Array.from({ length: 6 }, () => claimScheduledRound("usage-readings", 3600, at)),
  );
  expect(claims.filter(Boolean)).toHaveLength(1);
  // Later in the same hour: taken. The next hour: free again. Another job: its own periods.
  expect(await claimScheduledRound("usage-readings", 3600, new Date("2026-11-26T10:59:59Z"))).toBe(
    false,
  );
  expect(await claimScheduledRound("usage-readings", 3600, new Date("2026-11-26T11:00:00Z"))).toBe(
    true,
  );
  expect(await claimScheduledRound("retention", 3600, at)).toBe(true);
});
