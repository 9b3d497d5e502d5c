import { beforeAll, describe, expect, it } from "vitest";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
let key: string;
beforeAll(() => {
  key = svc.keys["master-admin"];
});

const get = (path: string) => http(svc.url, "GET", path, { key });

describe("VDI catalogue", () => {
  it("rejects offset without limit and limits outside 1 to 500", async () => {
    for (const q of ["offset=5", "limit=0", "limit=501"]) {
      const res = await get(`/vdi?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
  });

  it("lists VDI base codes only", async () => {
    const res = await get("/vdi?limit=500");
    const entries = res.body.entries as { code: string }[];
    expect(entries.length).toBe(res.body.count);
    for (const e of entries) expect(e.code).toMatch(/^VDI4081_[0-9]+$/);
  });
});
