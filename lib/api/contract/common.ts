import { z } from "zod";

/**
 * Building blocks shared by several resource groups. Patterns and ranges follow the interface
 * specification exactly; where the spec leaves a format open, the choice made here is the
 * reference service's and is documented in docs/reference-service.md.
 */

/** Characters a VIN may contain (ISO 3779): digits and capital letters except I, O and Q. */
export const VIN_CHARACTERS = "A-HJ-NPR-Z0-9";
export const fullVin = z
  .string()
  .regex(
    new RegExp(`^[${VIN_CHARACTERS}]{17}$`),
    "must be a full 17-character VIN (A-Z without I, O, Q, and 0-9)",
  )
  .describe("Full 17-character VIN");
export const partialVin = z
  .string()
  .regex(
    new RegExp(`^[${VIN_CHARACTERS}]{3,17}$`),
    "must be 3 to 17 VIN characters (A-Z without I, O, Q, and 0-9)",
  )
  .describe("VIN or partial VIN, 3 to 17 permitted characters");

export const SVC_GEN_ART_PATTERN = /^SGA-[0-9]{6,}$/;
export const svcGenArt = z.string().regex(SVC_GEN_ART_PATTERN);
export const VDI_FULL_CODE_PATTERN = /^VDI4081_[0-9]+(?:_[0-9]+)?$/;
export const VDI_BASE_CODE_PATTERN = /^VDI4081_[0-9]+$/;
export const vdiFullCode = z.string().regex(VDI_FULL_CODE_PATTERN);
export const vdiBaseCode = z.string().regex(VDI_BASE_CODE_PATTERN);

export const countryCode = z.string().regex(/^[A-Z]{2}$/, "must be two capital letters");
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, "must be three capital letters");
export const isoDateTime = z.iso.datetime({ offset: true });
export const uuid = z.uuid();
export const absoluteUrl = z.url();
/** An absolute http or https address (of a document or an image the service fetches). */
export const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * `schema` with at least one of `fields` given: checked as the service checks it (the issue
 * named on the first field), and published as the same rule (`anyOf`, one required field each),
 * which a refinement alone would leave out of the OpenAPI document.
 */
export function oneOfRequired<T extends z.ZodObject>(
  schema: T,
  fields: readonly [keyof z.input<T> & string, ...(keyof z.input<T> & string)[]],
  message: string,
) {
  return schema
    .refine((value) => fields.some((f) => (value as Record<string, unknown>)[f] !== undefined), {
      message,
      path: [fields[0]],
    })
    .meta({ anyOf: fields.map((f) => ({ required: [f] })) });
}

/** Opaque identifiers. The service issues them; callers never derive one from another. */
export const clientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be a Client identifier")
  .describe("Client identifier (the ClientUser `id`)");
export const apiKeyId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be an API key identifier");
export const jobId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be a job identifier");
/** A grant's reference travels in a URL path, where `.` and `..` would name another address. */
export const grantReference = z
  .string()
  .regex(
    /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,64}$/,
    "must be 1 to 64 letters, digits, dots, hyphens or underscores, and not . or ..",
  );

/** Documented provider enumeration (`provider` 1, 2 or 3; also used by `defaultProviderId`). */
export const PROVIDERS = [1, 2, 3] as const;
export type ProviderId = (typeof PROVIDERS)[number];
/** The provider that answers only through the browser redirect flow (never a direct lookup). */
export const BROWSER_ONLY_PROVIDER = 3 satisfies ProviderId;
export const providerId = z.literal(PROVIDERS);
/** The providers as text: query parameters and form selects carry them so. */
export const PROVIDER_TEXTS = PROVIDERS.map(String) as `${ProviderId}`[];
/** Query parameters arrive as text; providers are sent as `1`, `2` or `3`. */
export const providerQuery = z.enum(PROVIDER_TEXTS).transform((v) => Number(v) as ProviderId);

/** Query booleans are spelled `true` or `false`; anything else is rejected rather than guessed. */
export const queryBoolean = z.enum(["true", "false"]).transform((v) => v === "true");

/** Pagination (aftermarket references, VDI catalogue): `limit` 1 to 500, `offset` only with `limit`. */
export const paginationQuery = z
  .object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(500)
      .optional()
      .describe("Page size, 1 to 500; without it, the complete list."),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Items to skip; only together with `limit`."),
  })
  .refine((q) => q.offset === undefined || q.limit !== undefined, {
    message: "offset is allowed only together with limit",
    path: ["offset"],
  });
export const pageInfo = z.looseObject({ returned: z.number().int().min(0), hasMore: z.boolean() });

/** Billable endpoint groups. Plans, rate limits, allowlists and sponsorship attach per key. */
export const ENDPOINT_KEYS = [
  "system",
  "client_admin",
  "vin_redirect",
  "vin_vehicle",
  "vin_parts",
  "vin_cart_check",
  "vin_economic_evaluation",
  "vehicle_technical",
  "vehicle_listing",
  "vehicle_intake",
  "recalls_vehicle",
  "recalls_parts",
  "parts_normalize",
  "parts_oe",
  "parts_aftermarket",
  "parts_price",
  "parts_seo",
  "vdi_catalog",
  "translation",
  "intelligence_part",
  "intelligence_vin",
  "scanner_registration",
  "scanner_registration_international",
  "scanner_calculation",
  "scanner_vehicle_document",
  "scanner_label",
  "scanner_vin",
  "vision_part_generate",
  "vision_damage",
  "vision_part_quality",
  "vision_background_removal",
  "vision_elv",
  "vision_condition_report",
  "vision_license_plate",
  "vision_part_composite",
  "vision_damage_transfer",
  "vision_redaction",
  "commerce",
] as const;
export type EndpointKey = (typeof ENDPOINT_KEYS)[number];
export const endpointKey = z.enum(ENDPOINT_KEYS);
/** Endpoint keys that a Client can be billed for, allowlisted for, or sponsored on. */
export const BILLABLE_ENDPOINT_KEYS = ENDPOINT_KEYS.filter(
  (k): k is Exclude<EndpointKey, "system" | "client_admin" | "commerce"> =>
    k !== "system" && k !== "client_admin" && k !== "commerce",
);
export const billableEndpointKey = z.enum(
  BILLABLE_ENDPOINT_KEYS as unknown as [
    Exclude<EndpointKey, "system" | "client_admin" | "commerce">,
  ],
);
/** The monthly bundle that VIN vehicle, VIN parts and cart check form. */
export const VIN_MONTHLY_LOOKUP = "VIN_MONTHLY_LOOKUP";
export const VIN_BUNDLE_ENDPOINT_KEYS: readonly EndpointKey[] = [
  "vin_vehicle",
  "vin_parts",
  "vin_cart_check",
];

/** Minor currency units (cents): integers only, so sums never drift. */
export const minorUnits = z.number().int();

export const emptyObject = z.strictObject({});

/** Text a person types: trimmed, not empty, at most `max` characters. */
export const boundedText = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
