import { expect, it } from "vitest";
import { generateMalformedRequests, runMalformedRequests } from "@/bench/fuzz/malformed-requests";
import { serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile({
  defaultRateLimit: { maxRequests: 10_000_000, windowSeconds: 60 },
});

it("answers 3,000 malformed requests over every operation with a documented code and {error, message}, never a 5xx", async () => {
  const requests = generateMalformedRequests(
    3_000,
    {
      master: svc.keys["master-admin"],
      sandbox: svc.keys.sandbox,
      subUser: svc.keys["sub-user"],
      beneficiary: svc.keys.beneficiary,
    },
    11,
  );
  const figures = await runMalformedRequests(svc.url, requests);
  expect(figures.operationsCovered).toBe(66);
  expect(figures.examples).toEqual([]);
  expect(figures.serverErrors).toBe(0);
  expect(figures.refusalsWithoutBody).toBe(0);
  expect(figures.noAnswer).toBe(0);
}, 120_000);
