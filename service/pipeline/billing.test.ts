import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { usageStatus as usageSchema } from "@/lib/api/contract/client-admin";
import { schema } from "@/service/db/database";
import { usageWarningFor } from "@/service/pipeline/billing";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { expectUsageTotalsMatchEvents } from "@/test/support/usage-totals";

const svc = serviceForThisFile();

const call = (key: string, method: string, path: string, body?: unknown) =>
  http(svc.url, method, path, { key, body });
const translate = (key: string) =>
  call(key, "GET", "/translation/translations?sourceLanguage=de&text=Bremsscheibe");
const balanceOf = async (key: string) =>
  (await call(key, "GET", "/client/credits")).body.balanceMinor as number;
const usageOf = async (key: string) =>
  usageSchema.parse((await call(key, "GET", "/client/usage")).body);

describe("usage warnings", () => {
  it("warn from 90 percent and when used up; an included quantity of 0 never warns", () => {
    const plan = { name: "P", endpointKey: "translation", includedMonthlyQuantity: 10 };
    expect(usageWarningFor(plan, 8)).toBeUndefined();
    expect(usageWarningFor(plan, 9)).toContain("90 percent");
    expect(usageWarningFor(plan, 10)).toContain("used up");
    expect(usageWarningFor({ ...plan, includedMonthlyQuantity: 0 }, 5)).toBeUndefined();
  });
});

describe("a Client's own plan, then its credit", () => {
  it("uses the plan quota with warnings, then charges the balance, and usage reflects every call", async () => {
    const key = svc.keys["master-admin"];
    // Seeded: 9 of 10 translation calls used. Take one back so the 90 percent step is visible.
    const db = svc.service.database.db;
    const [one] = await db
      .select({ id: schema.usageEvents.id })
      .from(schema.usageEvents)
      .where(
        and(
          eq(schema.usageEvents.clientId, "cl_demo_northwind"),
          eq(schema.usageEvents.endpointKey, "translation"),
        ),
      )
      .limit(1);
    await db.delete(schema.usageEvents).where(eq(schema.usageEvents.id, one!.id));
    const balance = await balanceOf(key);

    const ninth = await translate(key);
    expect(ninth.headers.get("x-service-billing-source")).toBe("plan");
    expect(ninth.headers.get("x-service-usage-warning")).toContain("9 of 10");

    const tenth = await translate(key);
    expect(tenth.headers.get("x-service-billing-source")).toBe("plan");
    expect(tenth.headers.get("x-service-usage-warning")).toContain("used up");

    const eleventh = await translate(key);
    expect(eleventh.status).toBe(200);
    expect(eleventh.headers.get("x-service-billing-source")).toBe("balance");
    expect(eleventh.headers.get("x-service-usage-warning")).toContain("used up");
    expect(await balanceOf(key)).toBe(balance - 2);

    const usage = await usageOf(key);
    const plan = usage.plans.find((p) => p.endpoint_key === "translation")!;
    expect(plan).toMatchObject({ used: 10, remaining: 0, state: "exhausted" });
    const endpoint = usage.endpoints.find((e) => e.endpointKey === "translation")!;
    expect(endpoint).toMatchObject({
      calls: 11,
      bySource: { plan: 10, balance: 1 },
      chargedMinor: 2,
    });
  });

  it("answers 402 when no plan, credit or grant covers the call, and charges nothing", async () => {
    const created = await call(svc.keys["master-admin"], "POST", "/client/users", {
      name: "Unfunded",
    });
    const key = (created.body.apiKey as { key: string }).key;
    const res = await translate(key);
    expect(res.status).toBe(402);
    expect(res.body.error).toBe("insufficient_credit");
    expect(await balanceOf(key)).toBe(0);
    expect((await usageOf(key)).endpoints).toEqual([]);
  });

  it("does not charge sandbox keys", async () => {
    const before = await balanceOf(svc.keys.sandbox);
    const res = await translate(svc.keys.sandbox);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-billing-source")).toBe("sandbox");
    expect(await balanceOf(svc.keys.sandbox)).toBe(before);
  });
});

describe("automatic refund of failed calls", () => {
  it("refunds a balance-charged call that ends with 404", async () => {
    const key = svc.keys["master-admin"];
    const before = await balanceOf(key);
    const res = await call(key, "GET", "/parts/oe/NOPE12345/price");
    expect(res.status).toBe(404);
    expect(await balanceOf(key)).toBe(before);
    const price = (await usageOf(key)).endpoints.find((e) => e.endpointKey === "parts_price")!;
    expect(price).toMatchObject({ calls: 0, refunded: 1, chargedMinor: 0 });
  });

  it("returns plan quota taken by a failed call", async () => {
    const key = svc.keys["sub-user"];
    const usedBefore = (await usageOf(key)).plans.find((p) => p.endpoint_key === "parts_oe")!.used;
    const res = await call(key, "GET", "/parts/oe/NOPE12345");
    expect(res.status).toBe(404);
    const after = await usageOf(key);
    expect(after.plans.find((p) => p.endpoint_key === "parts_oe")!.used).toBe(usedBefore);
    expect(after.endpoints.find((e) => e.endpointKey === "parts_oe")!.refunded).toBe(1);
  });
});

describe("sponsorship coverage", () => {
  it("charges the sponsor for a beneficiary on the sponsor's terms (partner mode)", async () => {
    const sponsorBefore = await balanceOf(svc.keys["master-admin"]);
    const res = await translate(svc.keys.beneficiary);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-sponsorship-grant")).toBe("sonnenschein-seo");
    expect(res.headers.get("x-service-billing-source")).toBe("balance");
    expect(await balanceOf(svc.keys["master-admin"])).toBe(sponsorBefore - 2);
    const mine = (await usageOf(svc.keys.beneficiary)).endpoints.find(
      (e) => e.endpointKey === "translation",
    )!;
    expect(mine).toMatchObject({ calls: 1, bySource: { sponsored: 1 }, chargedMinor: 0 });
    const grants = (await call(svc.keys["master-admin"], "GET", "/client/sponsorship-grants")).body
      .sponsorshipGrants as {
      reference: string;
      coverage: { coveredCalls: number; coveredAmountMinor: number };
    }[];
    expect(grants.find((g) => g.reference === "sonnenschein-seo")!.coverage).toMatchObject({
      coveredCalls: 1,
      coveredAmountMinor: 2,
    });
  });

  it("covers in own mode only what the beneficiary's plan and credit do not, up to the monthly cap", async () => {
    const sponsor = svc.keys["master-admin"];
    const put = await call(sponsor, "PUT", "/client/sponsorship-grants/sonnenschein-normalize", {
      beneficiaryClientId: "cl_demo_sonnenschein",
      endpointKeys: ["parts_normalize"],
      monthlyCapMinor: 2,
    });
    expect(put.status).toBe(200);
    const normalize = () =>
      call(svc.keys.beneficiary, "GET", "/parts/oe/normalize?oeNumber=03L115562");
    for (let i = 0; i < 2; i++) {
      const res = await normalize();
      expect(res.status).toBe(200);
      expect(res.headers.get("x-service-sponsorship-grant")).toBe("sonnenschein-normalize");
    }
    const capped = await normalize();
    expect(capped.status).toBe(402);
    expect(capped.body.error).toBe("insufficient_credit");
  });

  it("lets the beneficiary's own plan pay first in own mode", async () => {
    const put = await call(
      svc.keys["master-admin"],
      "PUT",
      "/client/sponsorship-grants/berlin-parts",
      {
        beneficiaryClientId: "cl_demo_berlin",
        endpointKeys: ["parts_oe"],
        allowPartnerTerms: true,
      },
    );
    expect(put.status).toBe(200);
    const own = await call(svc.keys["sub-user"], "GET", "/parts/oe/03L115562");
    expect(own.headers.get("x-service-billing-source")).toBe("plan");
    expect(own.headers.get("x-service-sponsorship-grant")).toBeNull();

    const mode = await call(
      svc.keys["sub-user"],
      "PUT",
      "/client/sponsorship-grants/received/berlin-parts/billing-mode",
      { mode: "partner" },
    );
    expect(mode.status).toBe(200);
    const partner = await call(svc.keys["sub-user"], "GET", "/parts/oe/03L115562");
    expect(partner.headers.get("x-service-sponsorship-grant")).toBe("berlin-parts");
  });

  it("stops covering new requests once revoked", async () => {
    const revoke = await call(
      svc.keys["master-admin"],
      "DELETE",
      "/client/sponsorship-grants/sonnenschein-seo",
    );
    expect(revoke.status).toBe(200);
    const res = await translate(svc.keys.beneficiary);
    expect(res.status).toBe(402);
  });
});

describe("the month's totals charges read", () => {
  it("agree with the usage events after everything above", () => expectUsageTotalsMatchEvents(svc));
});

describe("what became of a refused call's charge (X-Service-Charge-Outcome)", () => {
  it("says not_charged for a refusal before the charge and refunded for a failure after it", async () => {
    const key = svc.keys["master-admin"];
    const outcome = (res: { headers: Headers }) => res.headers.get("x-service-charge-outcome");
    // Refused at the door: the input is not even a translation request.
    const refused = await call(key, "GET", "/translation/translations?sourceLanguage=de");
    expect(refused.status).toBe(400);
    expect(outcome(refused)).toBe("not_charged");
    // Charged, then the operation found nothing: refunded.
    const before = await balanceOf(key);
    const missing = await call(key, "GET", "/parts/oe/ZZZ99999");
    expect(missing.status).toBe(404);
    expect(outcome(missing)).toBe("refunded");
    expect(await balanceOf(key)).toBe(before);
    // A free operation's refusal says nothing of charges.
    const free = await call(key, "PATCH", "/client/users/cl_nobody", { name: "x" });
    expect(free.status).toBe(404);
    expect(outcome(free)).toBeNull();
  });
});
