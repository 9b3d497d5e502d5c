import { describe, expect, it } from "vitest";
import { jobAccepted } from "@/lib/api/contract/jobs";
import { ORDER_JOB_FAMILIES, jobStatusOperation, OPERATIONS } from "@/lib/api/contract/operations";
import { http, serviceForThisFile } from "@/test/support/service-harness";
import { TEST_VINS } from "@/service/data/vehicle-catalog";

const svc = serviceForThisFile({ jobDurationMs: 3_000 });
const get = (path: string, key = svc.keys["master-admin"]) => http(svc.url, "GET", path, { key });
const statusPath = (family: (typeof ORDER_JOB_FAMILIES)[number], jobId: string) =>
  OPERATIONS[jobStatusOperation(family)].path.replace("{jobId}", jobId);

describe("order-job status", () => {
  it("answers 404 job_not_found for an unknown id on the status route of every family", async () => {
    expect(ORDER_JOB_FAMILIES.length).toBeGreaterThan(1);
    for (const family of ORDER_JOB_FAMILIES) {
      const res = await get(statusPath(family, "job_unknown_0001"));
      expect(res.status, family).toBe(404);
      expect(res.body.error, family).toBe("job_not_found");
    }
  });

  it("keeps jobs to their Client and family", async () => {
    const order = jobAccepted.parse((await get(`/vin/${TEST_VINS.job}/parts`)).body);
    expect(new URL(order.statusUrl).pathname).toBe(statusPath("vin_parts", order.jobId));
    const mine = await get(statusPath("vin_parts", order.jobId));
    expect(mine.status).toBe(200);
    expect(mine.body.jobId).toBe(order.jobId);
    const other = await get(statusPath("vin_parts", order.jobId), svc.keys.beneficiary);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe("job_not_found");
    expect((await get(statusPath("cart_check", order.jobId))).body.error).toBe("job_not_found");
  });

  it("refuses a malformed job id as input, not as a missing job", async () => {
    const res = await get(statusPath("vin_parts", "not%20an%20id"));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
  });
});
