import { beforeAll, describe, expect, it } from "vitest";
import { basePartResponse, normalizationResponse, seoResponse } from "@/lib/api/contract/parts";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
let key: string;
beforeAll(() => {
  key = svc.keys["master-admin"];
});

const get = (path: string) => http(svc.url, "GET", path, { key });

describe("OE normalization", () => {
  it("matches a spaced OE number to its normalized form", async () => {
    const res = await get("/parts/oe/normalize?oeNumber=1K0%20615%20301%20AA");
    expect(res.status).toBe(200);
    const body = normalizationResponse.parse(res.body);
    expect(body).toMatchObject({
      status: "matched",
      valid: true,
      normalizedOeNumber: "1K0615301AA",
      lookupKey: "1K0615301AA",
    });
    expect(body.equivalentOeNumbers).toEqual(["5Q0615301F"]);
  });

  it("reports ambiguity with candidates and no normalized number", async () => {
    const body = normalizationResponse.parse(
      (await get("/parts/oe/normalize?oeNumber=7700500168")).body,
    );
    expect(body.status).toBe("ambiguous");
    expect(body.normalizedOeNumber).toBeNull();
    expect(body.knownCandidates.map((c) => c.manufacturer)).toEqual(["RENAULT", "NISSAN"]);
  });

  it("resolves the ambiguity with manufacturer", async () => {
    const body = normalizationResponse.parse(
      (await get("/parts/oe/normalize?oeNumber=7700500168&manufacturer=nissan")).body,
    );
    expect(body.status).toBe("matched");
  });

  it("distinguishes invalid from unresolved input", async () => {
    expect(
      normalizationResponse.parse((await get("/parts/oe/normalize?oeNumber=%24%24%24%24")).body),
    ).toMatchObject({ status: "invalid", valid: false, lookupKey: null });
    expect(
      normalizationResponse.parse((await get("/parts/oe/normalize?oeNumber=ZZZ999999")).body),
    ).toMatchObject({ status: "unresolved", valid: true });
  });

  it("requires oeNumber (400 invalid_request naming the field)", async () => {
    const res = await get("/parts/oe/normalize");
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(res.body.issues).toEqual([
      { location: "query", path: "oeNumber", message: expect.any(String) },
    ]);
  });
});

describe("confirmed base part", () => {
  it("answers the closed record with reference numbers including the confirmed OE number", async () => {
    const res = await get("/parts/oe/1K0615301AA");
    expect(res.status).toBe(200);
    const part = basePartResponse.parse(res.body);
    expect(part.svcGenArt).toBe("SGA-000082");
    expect(part.referenceNumbers.oe_oem_reference_numbers).toContain("1K0615301AA");
    expect(part.replacementChain).toEqual([{ from: "1K0615301AA", to: "5Q0615301F" }]);
  });

  it("keeps vdi=[] and svcGenArt=null as complete values", async () => {
    expect(basePartResponse.parse((await get("/parts/oe/3411%206858652")).body).vdi).toEqual([]);
    const oil = basePartResponse.parse((await get("/parts/oe/A0009892603")).body);
    expect(oil.svcGenArt).toBeNull();
    expect(oil.part.listPrice).toBeNull();
  });

  it("answers 422 for ambiguous input and 404 without a confirmed match", async () => {
    const ambiguous = await get("/parts/oe/7700500168");
    expect(ambiguous.status).toBe(422);
    expect(ambiguous.body.error).toBe("oe_number_ambiguous");
    const missing = await get("/parts/oe/NOPE12345");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("oe_part_not_found");
  });
});

describe("aftermarket references paginate", () => {
  it("returns the complete list without limit, pages with limit and offset", async () => {
    const all = await get("/parts/oe/1K0615301AA/aftermarket-references");
    expect(all.body).toMatchObject({ count: 37, page: { returned: 37, hasMore: false } });
    const first = await get("/parts/oe/1K0615301AA/aftermarket-references?limit=10");
    expect(first.body).toMatchObject({ count: 37, page: { returned: 10, hasMore: true } });
    const last = await get("/parts/oe/1K0615301AA/aftermarket-references?limit=10&offset=30");
    expect(last.body).toMatchObject({ count: 37, page: { returned: 7, hasMore: false } });
  });

  it("uses the submitted string without normalization; an empty list is success", async () => {
    const res = await get("/parts/oe/1K0%20615%20301%20AA/aftermarket-references");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      count: 0,
      aftermarketReferences: [],
      page: { returned: 0, hasMore: false },
    });
  });
});

describe("marketplace article", () => {
  it("answers the closed article with content limits respected", async () => {
    const res = await get("/parts/oe/1K0615301AA/seo?marketplaceId=MARKET_FR");
    expect(res.status).toBe(200);
    const article = seoResponse.parse(res.body);
    expect(article.language).toBe("fr");
    expect(article.content.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("answers 404 seo_no_exact_match echoing the request, uncharged", async () => {
    const before = await get("/client/credits");
    const res = await get(
      "/parts/oe/1K0615301AA/seo?marketplaceId=MARKET_HK&language=zh&vehicleType=car",
    );
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      error: "seo_no_exact_match",
      oeNumber: "1K0615301AA",
      marketplaceId: "MARKET_HK",
      language: "zh",
      vehicleType: "car",
    });
    const after = await get("/client/credits");
    expect(after.body.balanceMinor).toBe(before.body.balanceMinor);
  });

  it("rejects an Idempotency-Key", async () => {
    const res = await http(svc.url, "GET", "/parts/oe/1K0615301AA/seo", {
      key,
      idempotencyKey: "abc",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("idempotency_key_not_supported");
  });

  it("documents live pauses and temporary unavailability with their headers", async () => {
    const paused = await get("/parts/oe/SEOPAUSED1/seo");
    expect(paused.status).toBe(429);
    expect(paused.body.error).toBe("seo_live_requests_paused");
    expect(paused.headers.get("x-service-live-available-at")).toBeTruthy();
    const down = await get("/parts/oe/SEOUNAVAILABLE1/seo");
    expect(down.status).toBe(503);
    expect(down.body.error).toBe("seo_service_unavailable");
    expect(down.headers.get("retry-after")).toBe("5");
  });

  it("rejects an unknown marketplace", async () => {
    const res = await get("/parts/oe/1K0615301AA/seo?marketplaceId=MARKET_XX");
    expect(res.status).toBe(400);
  });
});

describe("indicative price", () => {
  it("evaluates an indicative price per condition in the asked currency", async () => {
    const res = await get("/parts/oe/1K0615301AA/price?condition=new&currency=GBP");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currency: "GBP", priceRecommendation: { condition: "new" } });
  });
});
