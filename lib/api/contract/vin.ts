import { z } from "zod";
import {
  boundedText,
  countryCode,
  currencyCode,
  fullVin,
  isoDateTime,
  minorUnits,
  partialVin,
  providerId,
  providerQuery,
  queryBoolean,
  svcGenArt,
  vdiFullCode,
} from "./common";
import { partCondition, vehicleType } from "./parts";
import { vehicleTypeFields } from "./vehicles";

// --- Redirect session ------------------------------------------------------------------------

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith(".localhost");
}

/**
 * `returnUrl`: absolute HTTPS, no credentials, no fragment. Plain `http` is accepted by the
 * schema only for loopback hosts; the reference service allows that only to sandbox keys.
 */
export const returnUrl = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an absolute URL" });
      return;
    }
    if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
      ctx.addIssue({
        code: "custom",
        message: "must use https (http only for loopback hosts in the sandbox)",
      });
    }
    if (url.username || url.password)
      ctx.addIssue({ code: "custom", message: "must not contain credentials" });
    if (value.includes("#"))
      ctx.addIssue({ code: "custom", message: "must not contain a fragment" });
  })
  .meta({
    format: "uri",
    description:
      "Absolute https address without credentials or fragment (http only for loopback hosts, with a sandbox key).",
  });

export const createRedirectSessionRequest = z.strictObject({
  vin: partialVin,
  returnUrl,
  state: z.string().max(512, "must be at most 512 characters").optional(),
});
export type CreateRedirectSessionRequest = z.infer<typeof createRedirectSessionRequest>;
/** Response: `redirectUrl` and `expiresAt` only. */
export const createRedirectSessionResponse = z.strictObject({
  redirectUrl: z.url(),
  expiresAt: isoDateTime,
});

/** Callback query the service appends to `returnUrl`; it never carries the VIN. */
export const redirectCallbackQuery = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("completed"),
    svcId: z.string().min(1),
    state: z.string().optional(),
  }),
  z.strictObject({ status: z.literal("cancelled"), state: z.string().optional() }),
]);
export type RedirectCallbackQuery = z.infer<typeof redirectCallbackQuery>;

// --- Direct vehicle lookup -------------------------------------------------------------------

export const vinPath = z.strictObject({ vin: fullVin });
const countryQuery = countryCode.optional().describe("Country: two capital letters (ISO 3166-1).");
/** Whether an optional data group is in the answer. */
const includeGroup = (group: string) =>
  queryBoolean.optional().describe(`\`true\` or \`false\` (default \`true\`): include ${group}.`);
export const vehicleByVinQuery = z.strictObject({
  country: countryQuery,
  provider: providerQuery
    .optional()
    .describe("Data provider: `1`, `2` or `3`; `3` is browser-only (`409 redirect_required`)."),
  includeEquipments: includeGroup("`equipments`"),
  includeColors: includeGroup("`colors`"),
  includeTechnical: includeGroup("`technical`"),
});
/**
 * Fields of the hierarchy and data groups are not shown by the interface: these are the
 * reference service's, all optional.
 */
export const vinVehicleResponse = z.looseObject({
  vin: z.string().optional(),
  svcId: z.string().optional(),
  provider: z.number().int().optional(),
  incomplete: z.boolean().optional(),
  vehicle: z.looseObject(vehicleTypeFields).optional(),
  equipments: z
    .array(z.looseObject({ code: z.string().optional(), description: z.string().optional() }))
    .optional(),
  colors: z
    .array(z.looseObject({ code: z.string().optional(), name: z.string().optional() }))
    .optional(),
  technical: z
    .looseObject({
      engineCode: z.string().optional(),
      displacementCcm: z.number().int().nullable().optional(),
      powerKw: z.number().int().optional(),
      transmission: vehicleTypeFields.transmission,
      fuelType: vehicleTypeFields.fuelType,
    })
    .optional(),
});
export type VinVehicleResponse = z.infer<typeof vinVehicleResponse>;

// --- VIN parts -------------------------------------------------------------------------------

export const vinPartsQuery = z.strictObject({
  country: countryQuery,
  provider: providerQuery
    .optional()
    .describe(
      "Data provider: `1`, `2` or `3`; must stay the same for a VIN (`409 vin_provider_mismatch`).",
    ),
});
/** Part item: `svcGenArt` exactly one per position; `vdi=[]` is a complete value. */
export const vinPartItem = z.looseObject({
  number: z.string().nullable(),
  svcGenArt,
  vdi: z.array(vdiFullCode),
  name: z.string().optional(),
  category: z.string().optional().describe("One of the answer's `allCategorySigns`"),
});
export const vinPartsResponse = z.looseObject({
  vin: z.string().optional(),
  svcId: z.string().nullable().optional(),
  provider: z.number().int().optional(),
  matchLevel: z.string().optional(),
  allCategorySigns: z.array(z.string()).optional(),
  missingCategories: z.array(z.string()).optional(),
  parts: z.array(vinPartItem).optional(),
});
export type VinPartsResponse = z.infer<typeof vinPartsResponse>;

// --- Cart check ------------------------------------------------------------------------------

export const cartCheckMode = z.enum(["type", "vehicle"]);
/** How many OE numbers one cart check takes. */
export const CART_CHECK_OE_NUMBERS = { min: 1, max: 30 } as const;
const oeNumbersCount = `send ${CART_CHECK_OE_NUMBERS.min} to ${CART_CHECK_OE_NUMBERS.max} OE numbers`;
export const cartCheckRequest = z.strictObject({
  vin: fullVin,
  country: countryCode.optional(),
  mode: cartCheckMode,
  oeNumbers: z
    .array(boundedText(64))
    .min(CART_CHECK_OE_NUMBERS.min, oeNumbersCount)
    .max(CART_CHECK_OE_NUMBERS.max, oeNumbersCount),
});
export type CartCheckRequest = z.infer<typeof cartCheckRequest>;
/** `results` follow the request's order, duplicates included; `fits=false` is reliable only with `complete=true`. */
export const cartCheckResponse = z.looseObject({
  vin: z.string(),
  mode: cartCheckMode,
  complete: z.boolean(),
  results: z.array(z.looseObject({ oe: z.string(), fits: z.boolean() })),
});
export type CartCheckResponse = z.infer<typeof cartCheckResponse>;

// --- Economic evaluation ---------------------------------------------------------------------

export const economicEvaluationQuery = z.strictObject({
  country: countryQuery,
  provider: z
    .literal("1")
    .transform(() => 1 as const)
    .optional()
    .describe("Data provider: fixed at `1`."),
  condition: partCondition
    .optional()
    .describe("Condition of the parts priced (`used` if not given)."),
  vehicleType: vehicleType.optional().describe("`car` or `motorcycle` (`car` if not given)."),
  maxPricedParts: z.coerce
    .number()
    .int("Enter a whole number.")
    .min(1, "At least 1.")
    .max(100, "At most 100.")
    .optional()
    .describe("How many parts are priced at most, 1 to 100 (20 if not given)."),
  recoveryRate: z.coerce
    .number()
    .min(0.05, "At least 0.05.")
    .max(1, "At most 1.")
    .optional()
    .describe("Share of a part's price recovered, 0.05 to 1 (0.35 if not given)."),
  costPerPart: z.coerce
    .number()
    .min(0, "At least 0.")
    .max(1000, "At most 1,000.")
    .optional()
    .describe("Cost per part in currency units (not minor), 0 to 1000 (8 if not given)."),
});
/**
 * Field shapes inside the blocks are not shown by the interface: these are the reference
 * service's, all optional. Amounts are in minor units of `currency`.
 */
export const economicEvaluationResponse = z.looseObject({
  vin: z.string(),
  svcId: z.string().nullable(),
  provider: providerId.or(z.number().int()),
  matchLevel: z.string(),
  currency: currencyCode,
  assumptions: z
    .looseObject({
      condition: partCondition.optional(),
      vehicleType: vehicleType.optional(),
      maxPricedParts: z.number().int().min(1).max(100).optional(),
      recoveryRate: z.number().min(0.05).max(1).optional(),
      costPerPartMinor: minorUnits.min(0).optional(),
      country: countryCode.nullable().optional(),
    })
    .describe("The parameters the figures were computed with, defaults filled in"),
  coverage: z.looseObject({
    pricedParts: z.number().int().min(0).optional(),
    totalParts: z.number().int().min(0).optional(),
    missingCategories: z.array(z.string()).optional(),
  }),
  revenuePotential: z.looseObject({
    grossMinor: minorUnits.optional(),
    netMinor: minorUnits.optional(),
  }),
  purchaseRecommendation: z.looseObject({
    maxPurchasePriceMinor: minorUnits.optional(),
    basis: z.string().optional(),
  }),
  parts: z.array(
    z.looseObject({
      rank: z.number().int().min(1).optional(),
      number: z.string().nullable().optional(),
      svcGenArt: svcGenArt.optional(),
      name: z.string().optional(),
      priceMinor: minorUnits.optional(),
      recoveryMinor: minorUnits.optional().describe("Negative when costs exceed the recovery"),
    }),
  ),
  warnings: z.array(z.string()),
  liveAvailability: z
    .looseObject({
      status: z.string().optional(),
      reason: z.string().optional().describe("e.g. `live_enrichment_paused`"),
    })
    .optional(),
});
export type EconomicEvaluationResponse = z.infer<typeof economicEvaluationResponse>;
