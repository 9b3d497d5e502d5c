import { ApiError, ok } from "../../core";
import { type HandlerMap } from "../../context";
import { normalizeOe, partsByNormalized } from "../../data/parts-catalog";
import { createJob, jobTimingOf } from "../../domain/jobs";

/** Documented OE numbers for image generation: one answers at once, one fails as a job. */
export const GENERATION_TEST_NUMBERS = { immediate: "03L115562", fails: "6Q0407151L" } as const;

const VIEWS = ["front", "side", "detail"] as const;

/** A labelled SVG placeholder: the reference service generates no photographs. */
function placeholder(oe: string, name: string, view: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200"><rect width="320" height="200" fill="#e2e8f0"/><circle cx="160" cy="90" r="48" fill="#94a3b8"/><text x="160" y="170" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#1e293b">${name} · ${oe} · ${view}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

export const visionHandlers = {
  async generatePartImagesFromOeNumber(ctx) {
    const oe = normalizeOe(ctx.input.body.oeNumber);
    const [part] = partsByNormalized(oe);
    if (!part)
      throw new ApiError(
        "oe_part_not_found",
        `No confirmed part matches ${ctx.input.body.oeNumber}; no image can be generated.`,
      );
    const result = {
      oeNumber: oe,
      synthetic: true,
      disclosure:
        "Synthetic illustration generated from catalogue data; not a photograph of the actual part.",
      images: VIEWS.map((view) => ({
        view,
        mediaType: "image/svg+xml",
        url: placeholder(oe, part.name.en, view),
      })),
    };
    if (oe === GENERATION_TEST_NUMBERS.immediate) return ok(result);
    return createJob(ctx.db, jobTimingOf(ctx.service), {
      family: "part_image",
      clientId: ctx.caller.client.id,
      result,
      error:
        ctx.sandboxJobFailure ??
        (oe === GENERATION_TEST_NUMBERS.fails
          ? { code: "generation_failed", message: "No image could be generated for this part." }
          : undefined),
      charge: ctx.charge,
      now: ctx.now,
    });
  },
} satisfies HandlerMap;
