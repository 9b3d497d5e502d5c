import { describe, expect, it } from "vitest";
import { clientUser, createPartnerWorkspaceRequest, rateLimitInput } from "./client-admin";
import { fullVin, grantReference, partialVin, svcGenArt, vdiBaseCode, vdiFullCode } from "./common";
import { ERROR_CATALOGUE, isRetryableErrorCode } from "./errors";
import { parseRetryAfter, parseServiceMetadata, splitUsageWarnings } from "./headers";
import { clusterIntelligenceResponse } from "./intelligence";
import {
  documentedPaths,
  INTELLIGENCE_JOB_FAMILIES,
  JOB_FAMILIES,
  ORDER_JOB_FAMILIES,
  jobStatusOperation,
  jobStatusPath,
  OPERATION_IDS,
  OPERATIONS,
  type OperationDefinition,
  type OperationId,
} from "./operations";
import { basePartResponse, seoResponse } from "./parts";
import {
  cartCheckRequest,
  createRedirectSessionRequest,
  createRedirectSessionResponse,
} from "./vin";

describe("operations table", () => {
  it("covers 64 documented paths in 66 operations plus 3 deprecated aliases", () => {
    expect(OPERATION_IDS).toHaveLength(66);
    expect(documentedPaths()).toHaveLength(64);
    const aliases = OPERATION_IDS.flatMap(
      (id) => (OPERATIONS[id] as OperationDefinition).aliases ?? [],
    );
    expect(aliases.sort()).toEqual([
      "/scanner/registration-document",
      "/scanner/registration-document/v2",
      "/scanner/vehicle-document/extract",
    ]);
  });

  it("derives the job families and their status operations from the `job` column", () => {
    expect(ORDER_JOB_FAMILIES).toEqual([
      "vin_parts",
      "cart_check",
      "economic_evaluation",
      "part_image",
    ]);
    expect(INTELLIGENCE_JOB_FAMILIES).toEqual(["part_intelligence", "vin_economic_intelligence"]);
    expect(JOB_FAMILIES).toEqual([...ORDER_JOB_FAMILIES, ...INTELLIGENCE_JOB_FAMILIES]);
    expect(ORDER_JOB_FAMILIES.map(jobStatusOperation)).toEqual([
      "getVinPartsJob",
      "getVinCartCheckJob",
      "getVinEconomicEvaluationJob",
      "getPartImageGenerationJob",
    ]);
    expect(jobStatusPath("cart_check", "job_1")).toBe("/vin/cart-check/jobs/job_1");
    for (const id of OPERATION_IDS) {
      const op: OperationDefinition = OPERATIONS[id];
      // An operation may answer 202 exactly when it orders work of a family, or reads its status.
      const readsStatus = OPERATION_IDS.some(
        (o) => (OPERATIONS[o] as OperationDefinition).job?.status === id,
      );
      expect(op.async, id).toBe(op.job !== undefined || (readsStatus && !!op.responses[202]));
      if (!op.job) continue;
      const status: OperationDefinition = OPERATIONS[op.job.status as OperationId];
      expect(status.path, id).toContain("{jobId}");
      expect(status.method, id).toBe("GET");
      expect(status.billable, `${id}: polling is not billed again`).toBe(false);
    }
  });

  it("names every path parameter in its params schema", () => {
    for (const id of OPERATION_IDS) {
      const op: OperationDefinition = OPERATIONS[id];
      const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const schema = op.request.params as { shape?: Record<string, unknown> } | undefined;
      expect(Object.keys(schema?.shape ?? {}).sort(), id).toEqual(names.sort());
    }
  });

  it("marks the operations the interface calls not replay-safe", () => {
    const unsafe = OPERATION_IDS.filter((id) => !OPERATIONS[id].replaySafe);
    expect(unsafe).toEqual(
      expect.arrayContaining([
        "createClientUser",
        "createClientUserApiKey",
        "createPartnerWorkspace",
      ]),
    );
    for (const id of [
      "createClientUser",
      "createClientUserApiKey",
      "createPartnerWorkspace",
      "getPartSeo",
      "getSystemStatus",
    ] as const) {
      expect(OPERATIONS[id].idempotency, id).toBe("rejected");
    }
    for (const id of [
      "resolvePartIntelligence",
      "getPartClusterIntelligence",
      "getPartClusterIntelligenceHistory",
      "createVinEconomicIntelligence",
    ] as const) {
      expect(OPERATIONS[id].idempotency, id).toBe("required");
    }
    expect(OPERATIONS.createPartnerWorkspace.responses).toHaveProperty("201");
  });

  it("lists the Master-only operations of the interface", () => {
    const masterOnly = OPERATION_IDS.filter((id) => OPERATIONS[id].masterOnly).sort();
    expect(masterOnly).toEqual(
      [
        "createClientUser",
        "createClientUserApiKey",
        "createPartnerWorkspace",
        "getClientUserUsage",
        "listClientUsers",
        "listSponsorshipGrants",
        "replaceClientUserRateLimits",
        "revokeSponsorshipGrant",
        "updateClientUser",
        "upsertSponsorshipGrant",
      ].sort(),
    );
  });
});

describe("error catalogue", () => {
  it("keeps the documented codes at their documented statuses", () => {
    const documented: Record<string, number> = {
      redirect_required: 409,
      vin_provider_mismatch: 409,
      idempotency_request_in_progress: 409,
      idempotency_key_conflict: 409,
      idempotency_result_unavailable: 409,
      client_request_in_progress: 429,
      seo_no_exact_match: 404,
      seo_live_requests_paused: 429,
      seo_service_unavailable: 503,
      sandbox_endpoint_unavailable: 403,
    };
    for (const [code, status] of Object.entries(documented))
      expect(ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status, code).toBe(status);
    expect(ERROR_CATALOGUE.workspace_reference_exists).toBeDefined();
    expect(ERROR_CATALOGUE.idempotency_key_not_supported).toBeDefined();
  });

  it("marks retryable exactly what may be retried", () => {
    expect(isRetryableErrorCode("idempotency_request_in_progress")).toBe(true);
    expect(isRetryableErrorCode("seo_service_unavailable")).toBe(true);
    expect(isRetryableErrorCode("idempotency_key_conflict")).toBe(false);
    expect(isRetryableErrorCode("idempotency_result_unavailable")).toBe(false);
    expect(isRetryableErrorCode("some_future_code")).toBe(false);
  });
});

describe("closed and open schemas", () => {
  const basePart = {
    oeNumber: "X",
    normalizedOeNumber: "X",
    svcGenArt: "SGA-000082",
    vdi: ["VDI4081_3410_1"],
    part: { number: "X", manufacturer: null, name: null, listPrice: null },
    fitment: [],
    replacementChain: [],
    references: [],
    referenceNumbers: { oe_oem_reference_numbers: ["X"] },
  };

  it("rejects additive fields where the interface closes the object", () => {
    expect(basePartResponse.safeParse(basePart).success).toBe(true);
    expect(basePartResponse.safeParse({ ...basePart, extra: 1 }).success).toBe(false);
    expect(
      basePartResponse.safeParse({
        ...basePart,
        referenceNumbers: { oe_oem_reference_numbers: [], more: [] },
      }).success,
    ).toBe(false);
    expect(
      createRedirectSessionResponse.safeParse({
        redirectUrl: "https://x/y",
        expiresAt: "2026-11-22T10:00:00Z",
        vin: "X",
      }).success,
    ).toBe(false);
    expect(clusterIntelligenceResponse.safeParse({}).success).toBe(false);
  });

  it("keeps unknown fields where the interface leaves the object open", () => {
    const parsed = clientUser.parse({ id: "cl_1", futureField: true });
    expect(parsed).toMatchObject({ id: "cl_1", futureField: true });
  });

  it("checks the content limits of a marketplace article", () => {
    const article = {
      oeNumber: "X",
      marketplaceId: "MARKET_DE",
      language: "de",
      vehicleType: "car",
      categoryId: null,
      product: { manufacturer: null, name: "n", nameAddition: null },
      content: {
        marketTitle: "t",
        title: "t",
        h1: "h",
        metaTitle: "m",
        metaDescription: "d",
        slug: "a-b",
        bulletPoints: [],
      },
      keywords: [],
      itemSpecifics: [],
    };
    expect(seoResponse.safeParse(article).success).toBe(true);
    expect(
      seoResponse.safeParse({
        ...article,
        content: { ...article.content, metaTitle: "m".repeat(61) },
      }).success,
    ).toBe(false);
    expect(
      seoResponse.safeParse({ ...article, content: { ...article.content, slug: "Not A Slug" } })
        .success,
    ).toBe(false);
    expect(
      seoResponse.safeParse({
        ...article,
        content: { ...article.content, bulletPoints: Array(6).fill("b") },
      }).success,
    ).toBe(false);
  });
});

describe("patterns and ranges", () => {
  it("follow the interface", () => {
    expect(svcGenArt.safeParse("SGA-000123").success).toBe(true);
    expect(svcGenArt.safeParse("SGA-12345").success).toBe(false);
    expect(vdiFullCode.safeParse("VDI4081_3410_1").success).toBe(true);
    expect(vdiBaseCode.safeParse("VDI4081_3410_1").success).toBe(false);
    expect(fullVin.safeParse("WVWZZZ1JZXW000001").success).toBe(true);
    expect(fullVin.safeParse("WVWZZZ1JZXW00000I").success).toBe(false);
    expect(partialVin.safeParse("WVW").success).toBe(true);
    expect(partialVin.safeParse("WV").success).toBe(false);
    expect(
      cartCheckRequest.safeParse({
        vin: "WVWZZZ1JZXW000001",
        mode: "type",
        oeNumbers: Array(31).fill("1"),
      }).success,
    ).toBe(false);
    expect(
      createPartnerWorkspaceRequest.safeParse({
        name: "n",
        externalReference: "r",
        endpointKeys: Array(50).fill("parts_oe"),
      }).success,
    ).toBe(true);
    expect(
      rateLimitInput.safeParse({ endpointKey: "*", windowSeconds: 60, maxRequests: 1 }).success,
    ).toBe(true);
  });

  it("accepts only absolute https return URLs without credentials or fragment (http for loopback)", () => {
    const ok = (returnUrl: string) =>
      createRedirectSessionRequest.safeParse({ vin: "WVW", returnUrl }).success;
    expect(ok("https://dealer.example/cb")).toBe(true);
    expect(ok("http://127.0.0.1:3000/cb")).toBe(true);
    expect(ok("http://dealer.example/cb")).toBe(false);
    expect(ok("https://user:pw@dealer.example/cb")).toBe(false);
    expect(ok("https://dealer.example/cb#x")).toBe(false);
    expect(ok("/relative")).toBe(false);
    expect(
      createRedirectSessionRequest.safeParse({
        vin: "WVW",
        returnUrl: "https://d.example",
        state: "s".repeat(513),
      }).success,
    ).toBe(false);
  });
});

describe("response headers", () => {
  it("parse Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("7")).toBe(7);
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("soon")).toBeUndefined();
  });

  it("split usage warnings on the vertical bar and type the X-Service headers", () => {
    expect(splitUsageWarnings("a | b|c")).toEqual(["a", "b", "c"]);
    const meta = parseServiceMetadata(
      new Headers({
        "X-Service-Idempotent-Replay": "true",
        "X-Service-Billing-Source": "idempotent_replay",
        "X-Service-Billing-Bundle": "VIN_MONTHLY_LOOKUP",
      }),
    );
    expect(meta).toMatchObject({
      idempotentReplay: true,
      billingSource: "idempotent_replay",
      billingBundle: "VIN_MONTHLY_LOOKUP",
      usageWarnings: [],
    });
  });
});

describe("a grant reference", () => {
  it("travels in a URL path: dots are allowed inside it, never as the whole of it", () => {
    for (const ok of ["sonnenschein-vin", "a.b", "...", "v1.2_x"])
      expect(grantReference.safeParse(ok).success, ok).toBe(true);
    for (const bad of [".", "..", "", "a/b", "a".repeat(65)])
      expect(grantReference.safeParse(bad).success, bad).toBe(false);
  });
});
