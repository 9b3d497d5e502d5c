import { ApiError, ok } from "../../core";
import { type LiveAvailabilityReason } from "@/lib/api/contract/warnings";
import { BROWSER_ONLY_PROVIDER } from "@/lib/api/contract/common";
import { isLoopbackHost } from "@/lib/api/contract/vin";
import { type HandlerMap, type RequestBase } from "../../context";
import {
  behaviourOf,
  candidatesFor,
  partsFor,
  vehicleDetails,
  vehicleFor,
} from "../../data/vehicle-catalog";
import { normalizeOe } from "../../data/parts-catalog";
import { createJob, jobTimingOf } from "../../domain/jobs";
import { type OrderJobFamily } from "@/lib/api/contract/operations";
import { openRedirectSession } from "../../domain/redirect-sessions";
import { accessibleVehicle, grantVehicleAccess } from "../../domain/vehicle-access";
import { bindProvider } from "../../domain/vin-providers";
import { checkFullVin } from "../../domain/vin";
import { validationError } from "../../pipeline/validate";

/** Provider 3 exists only in the browser-guided flow. */
function refuseBrowserOnly(provider: number | undefined) {
  if (provider === BROWSER_ONLY_PROVIDER) {
    throw new ApiError(
      "redirect_required",
      "Provider 3 is browser-only: create a redirect session (POST /vin/redirect-sessions).",
    );
  }
}

/** Format, check digit and the documented not-found test VIN, in the order the service checks them. */
function requireResolvableVin(vin: string) {
  const problem = checkFullVin(vin);
  if (problem) throw new ApiError(problem.code, problem.message);
  if (behaviourOf(vin).notFound)
    throw new ApiError("vin_not_found", "No vehicle could be resolved for this VIN.");
}

/** Answers at once, or as a job for the documented test VINs. */
export async function immediateOrJob<T>(
  ctx: RequestBase,
  family: OrderJobFamily,
  vin: string,
  result: T,
  failure: { code: string; message: string },
) {
  const b = behaviourOf(vin);
  if (!b.async) return { status: 200 as const, data: result };
  return createJob(ctx.db, jobTimingOf(ctx.service), {
    family,
    clientId: ctx.caller.client.id,
    vin,
    result,
    error: ctx.sandboxJobFailure ?? (b.jobFails ? failure : undefined),
    charge: ctx.charge,
    now: ctx.now,
  });
}

function partsResult(vin: string, provider: number) {
  const b = behaviourOf(vin);
  const vehicle = vehicleFor(vin);
  return {
    vin,
    svcId: vehicle.svcId,
    provider,
    matchLevel: b.incomplete ? "candidates" : "type",
    allCategorySigns: ["brakes", "filters", "engine", "body", "electrics"],
    missingCategories: b.missingCategories,
    parts: partsFor(vin).map(({ listPriceMinor: _price, ...item }) => item),
  };
}

// Job reads return `result: unknown`; `as never` hands them to the pipeline, which checks every
// response against the contract before sending it.
export const vinHandlers = {
  async getVehicleByVin(ctx) {
    const { vin } = ctx.input.params;
    const q = ctx.input.query;
    refuseBrowserOnly(q.provider);
    requireResolvableVin(vin);
    const provider = await bindProvider(ctx.db, ctx.caller.client.id, vin, q.provider, ctx.now);
    const [vehicle] = candidatesFor(vin);
    await grantVehicleAccess(ctx.db, ctx.caller.client.id, vehicle!, ctx.now);
    const details = vehicleDetails(vin, vehicle!);
    const { svcId, ...described } = vehicle!;
    return ok({
      vin,
      svcId,
      provider,
      incomplete: behaviourOf(vin).incomplete,
      vehicle: described,
      ...(q.includeEquipments === false ? {} : { equipments: details.equipments }),
      ...(q.includeColors === false ? {} : { colors: details.colors }),
      ...(q.includeTechnical === false ? {} : { technical: details.technical }),
    });
  },

  async getPartsByVin(ctx) {
    const { vin } = ctx.input.params;
    refuseBrowserOnly(ctx.input.query.provider);
    requireResolvableVin(vin);
    const provider = await bindProvider(
      ctx.db,
      ctx.caller.client.id,
      vin,
      ctx.input.query.provider,
      ctx.now,
    );
    // Provider 1 completes the vehicle lookup first, so the svcId becomes the Client's.
    if (provider === 1)
      await grantVehicleAccess(ctx.db, ctx.caller.client.id, vehicleFor(vin), ctx.now);
    return immediateOrJob(ctx, "vin_parts", vin, partsResult(vin, provider), {
      code: "vin_parts_unavailable",
      message: "The parts data source did not deliver a result for this VIN.",
    });
  },

  async checkVinCart(ctx) {
    const { vin, mode, oeNumbers } = ctx.input.body;
    requireResolvableVin(vin);
    const b = behaviourOf(vin);
    const known = new Set(partsFor(vin).flatMap((p) => (p.number ? [p.number] : [])));
    const result = {
      vin,
      mode,
      complete: !b.incomplete && b.missingCategories.length === 0,
      // Same order as the request, duplicates included.
      results: oeNumbers.map((oe) => ({ oe, fits: known.has(normalizeOe(oe)) })),
    };
    return immediateOrJob(ctx, "cart_check", vin, result, {
      code: "cart_check_unavailable",
      message: "The cart could not be checked against this VIN.",
    });
  },

  async getVinEconomicEvaluation(ctx) {
    const { vin } = ctx.input.params;
    requireResolvableVin(vin);
    const q = ctx.input.query;
    const condition = q.condition ?? "used";
    const vehicleType = q.vehicleType ?? "car";
    const maxPricedParts = q.maxPricedParts ?? 20;
    const recoveryRate = q.recoveryRate ?? 0.35;
    const costPerPartMinor = Math.round((q.costPerPart ?? 8) * 100);
    const vehicle = vehicleFor(vin);
    const parts = partsFor(vin);
    const priced = parts
      .filter((p) => p.listPriceMinor !== null)
      .map((p) => {
        const priceMinor = Math.round(p.listPriceMinor! * (condition === "used" ? 0.45 : 1));
        const recoveryMinor = Math.round(priceMinor * recoveryRate) - costPerPartMinor;
        return {
          number: p.number,
          svcGenArt: p.svcGenArt,
          name: p.name,
          priceMinor,
          recoveryMinor,
        };
      })
      .sort((a, b) => b.recoveryMinor - a.recoveryMinor)
      .slice(0, maxPricedParts)
      .map((p, i) => ({ rank: i + 1, ...p }));
    const gross = priced.reduce((n, p) => n + p.priceMinor, 0);
    const net = priced.reduce((n, p) => n + Math.max(0, p.recoveryMinor), 0);
    const b = behaviourOf(vin);
    const result = {
      vin,
      svcId: vehicle.svcId,
      provider: 1,
      matchLevel: b.incomplete ? "candidates" : "type",
      currency: "EUR",
      assumptions: {
        condition,
        vehicleType,
        maxPricedParts,
        recoveryRate,
        costPerPartMinor,
        country: q.country ?? null,
      },
      coverage: {
        pricedParts: priced.length,
        totalParts: parts.length,
        missingCategories: b.missingCategories,
      },
      revenuePotential: { grossMinor: gross, netMinor: net },
      purchaseRecommendation: {
        maxPurchasePriceMinor: Math.round(net * 0.6),
        basis: "60 percent of the net recovery potential",
      },
      parts: priced,
      warnings: [
        "Derived from synthetic reference data: not a guarantee of fitment or price.",
        ...(b.missingCategories.length
          ? [
              `Categories without data: ${b.missingCategories.join(", ")}; the evaluation is incomplete.`,
            ]
          : []),
      ],
      liveAvailability: {
        status: "paused",
        reason: "live_enrichment_paused" satisfies LiveAvailabilityReason,
      },
    };
    return immediateOrJob(ctx, "economic_evaluation", vin, result, {
      code: "evaluation_unavailable",
      message: "The economic evaluation could not be computed for this VIN.",
    });
  },

  async getVehicleByTapiId(ctx) {
    const vehicle = await accessibleVehicle(ctx.db, ctx.caller.client.id, ctx.input.params.svcId);
    if (!vehicle)
      throw new ApiError(
        "vehicle_not_found",
        "This svcId is unknown or was obtained by another Client.",
      );
    // A technical record: no VIN, no equipment.
    return ok({ ...vehicle });
  },

  async createVinRedirectSession(ctx) {
    const { vin, returnUrl, state } = ctx.input.body;
    const url = new URL(returnUrl);
    if (
      url.protocol === "http:" &&
      !(isLoopbackHost(url.hostname) && ctx.caller.environment === "sandbox")
    ) {
      throw validationError([
        {
          location: "body",
          path: "returnUrl",
          message: "must use https; http is accepted only for loopback hosts with a sandbox key",
        },
      ]);
    }
    const { token, expiresAt } = await openRedirectSession(
      ctx.db,
      {
        clientId: ctx.caller.client.id,
        environment: ctx.caller.environment,
        vin,
        returnUrl,
        state,
      },
      ctx.service.config.redirectSessionSeconds,
      ctx.now,
    );
    return ok({
      redirectUrl: `${ctx.service.config.publicUrl}/vin/redirect/${token}`,
      expiresAt: expiresAt.toISOString(),
    });
  },
} satisfies HandlerMap;
