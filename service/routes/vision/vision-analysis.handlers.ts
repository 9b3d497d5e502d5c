import { type HandlerMap } from "../../context";
import { ok } from "../../core";
import { seedOf } from "../../data/synthetic";

/** The image address the request gave (the contract requires one: `genericVisionRequest`). */
function imageOf(body: { imageUrl?: string; fileUrl?: string; imageUrls?: string[] }): string {
  return (body.imageUrl ?? body.fileUrl ?? body.imageUrls?.[0])!;
}

const placeholder = (label: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#f8fafc"/><text x="160" y="105" font-family="sans-serif" font-size="14" text-anchor="middle">${label}</text></svg>`).toString("base64")}`;

const LIMITS = ["Synthetic reference result; not an inspection."];

export const visionAnalysisHandlers = {
  async describeDamage({ input }) {
    const s = seedOf("damage", imageOf(input.body));
    return ok({
      damages: [
        {
          area: ["front bumper", "left door", "bonnet"][s[0]! % 3],
          type: "dent",
          severity: ["minor", "moderate"][s[1]! % 2],
        },
      ],
      limitations: LIMITS,
    });
  },
  async gradePartQuality({ input }) {
    const s = seedOf("quality", imageOf(input.body));
    return ok({
      grade: (["A", "B", "C"] as const)[s[0]! % 3],
      confidence: 0.6 + (s[1]! % 30) / 100,
      limitations: LIMITS,
    });
  },
  async removePartBackground({ input }) {
    imageOf(input.body);
    return ok({
      found: true,
      imageUrl: placeholder("part without background"),
      mediaType: "image/svg+xml",
      dimensions: { width: 320, height: 200 },
      coverage: 0.58,
      sourcePixelsPreserved: true,
      limitations: LIMITS,
    });
  },
  async removeVehicleBackground({ input }) {
    const found = !imageOf(input.body).toLowerCase().includes("empty");
    return ok({
      found,
      imageUrl: found ? placeholder("vehicle without background") : null,
      mediaType: found ? "image/svg+xml" : null,
      dimensions: found ? { width: 320, height: 200 } : null,
      coverage: found ? 0.71 : 0,
      sourcePixelsPreserved: found,
      limitations: LIMITS,
    });
  },
  async classifyEndOfLifeVehicle({ input }) {
    const s = seedOf("elv", imageOf(input.body));
    return ok({
      classification: s[0]! % 3 === 0 ? "end_of_life" : "repairable",
      vin: input.body.vehicle?.vin ?? null,
      limitations: LIMITS,
    });
  },
  async createConditionReport({ input }) {
    imageOf(input.body);
    return ok({
      overall: "good",
      items: [{ area: "paint", finding: "light scratches" }],
      limitations: LIMITS,
    });
  },
  /** Reads the plate only: no keeper lookup, registration validation or authenticity proof. */
  async readLicensePlate({ input }) {
    const s = seedOf("plate", imageOf(input.body));
    return ok({
      plate: `K AB ${1000 + (s.readUInt16BE(0) % 9000)}`,
      country: "DE",
      confidence: 0.9,
      limitations: ["No keeper lookup, registration validation or authenticity proof."],
    });
  },
  async composePartImage({ input }) {
    imageOf(input.body);
    return ok({ imageUrl: placeholder("composite"), synthetic: true, limitations: LIMITS });
  },
  async transferPartDamage({ input }) {
    imageOf(input.body);
    return ok({
      views: (["front", "side"] as const).map((view) => ({
        view,
        imageUrl: placeholder(`damage on ${view}`),
      })),
      synthetic: true,
      limitations: LIMITS,
    });
  },
  async redactIdentifiers({ input }) {
    imageOf(input.body);
    return ok({
      imageUrl: placeholder("identifiers redacted"),
      redactedRegions: [{ kind: "licence_plate" }, { kind: "vin_plate" }],
      limitations: LIMITS,
    });
  },
} satisfies HandlerMap;
