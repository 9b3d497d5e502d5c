import { describe, expect, it } from "vitest";
import { creditStatus, listPlansResponse, usageStatus } from "@/lib/api/contract/client-admin";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { DEMO_IDS } from "@/service/seed/demo-data";

const svc = serviceForThisFile();
const get = (path: string, key: string) => http(svc.url, "GET", path, { key });

describe("credits, usage and plans of the calling Client", () => {
  it("answers each Client its own credit status, never another's", async () => {
    const master = creditStatus.parse(
      (await get("/client/credits", svc.keys["master-admin"])).body,
    );
    expect(master.clientId).toBe(DEMO_IDS.northwind);
    expect(master.balanceMinor).toEqual(expect.any(Number));
    const sub = creditStatus.parse((await get("/client/credits", svc.keys["sub-user"])).body);
    expect(sub.clientId).toBe(DEMO_IDS.berlin);
  });

  it("reports the current period's usage, and counts a billable call in it", async () => {
    const key = svc.keys["master-admin"];
    const callsOf = async () =>
      usageStatus
        .parse((await get("/client/usage", key)).body)
        .endpoints.find((e) => e.endpointKey === "translation")?.calls ?? 0;
    const before = await callsOf();
    const res = await get("/translation/translations?sourceLanguage=de&text=Bremsscheibe", key);
    expect(res.status).toBe(200);
    expect(await callsOf()).toBe(before + 1);
    const usage = usageStatus.parse((await get("/client/usage", key)).body);
    expect(Date.parse(usage.period.start)).toBeLessThan(Date.parse(usage.period.end));
  });

  it("lists the standard plans to every Client and a custom plan only to its owner", async () => {
    const ids = async (key: string) =>
      listPlansResponse.parse((await get("/client/plans", key)).body).plans.map((p) => p.id);
    const master = await ids(svc.keys["master-admin"]);
    const other = await ids(svc.keys.beneficiary);
    expect(master).toContain("plan_vin_starter");
    expect(other).toContain("plan_vin_starter");
    expect(master).toContain("plan_northwind_normalize");
    expect(other).not.toContain("plan_northwind_normalize");
  });
});
