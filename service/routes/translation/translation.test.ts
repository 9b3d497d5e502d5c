import { beforeAll, describe, expect, it } from "vitest";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();
let key: string;
beforeAll(() => {
  key = svc.keys["master-admin"];
});

const get = (path: string) => http(svc.url, "GET", path, { key });

describe("part name translation", () => {
  it("translates exactly one designation", async () => {
    const res = await get("/translation/translations?sourceLanguage=de&text=Bremsscheibe");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      en: "Brake disc",
      fr: "Disque de frein",
      es: "Disco de freno",
      it: "Disco freno",
    });
  });

  it("refuses sentences and lists, long source languages and unknown designations", async () => {
    expect(
      (await get("/translation/translations?sourceLanguage=de&text=Bremsscheibe%2C%20Bremsbelag"))
        .status,
    ).toBe(400);
    expect(
      (await get(`/translation/translations?sourceLanguage=${"x".repeat(21)}&text=Bremsscheibe`))
        .status,
    ).toBe(400);
    const unknown = await get("/translation/translations?sourceLanguage=de&text=Fluxkompensator");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("translation_not_found");
  });
});
