import { z } from "zod";
import {
  apiKeyId,
  billableEndpointKey,
  boundedText,
  clientId,
  currencyCode,
  endpointKey,
  grantReference,
  isoDateTime,
  minorUnits,
  providerId,
} from "./common";

/*
 * Client administration: Sub-users, keys, rate limits, credit, usage, plans, sponsorship and
 * partner workspaces. The spec shows only some fields of these shapes ("other fields: not
 * shown"); those it shows are required here, the reference service's extra fields are optional
 * so the console copes with a service that omits them, and every object stays open.
 */

// --- API keys --------------------------------------------------------------------------------

/** ApiKey object in key-issuing responses: `key` is the plaintext secret, returned exactly once. */
export const apiKey = z.looseObject({
  id: apiKeyId,
  label: z.string().nullable(),
  key: z.string().min(1),
  createdAt: isoDateTime,
});
export type ApiKey = z.infer<typeof apiKey>;

/** Key metadata the reference service lists on a ClientUser; never the secret. */
export const apiKeySummary = z.looseObject({
  id: apiKeyId,
  label: z.string().nullable(),
  environment: z.enum(["production", "sandbox"]).optional(),
  isActive: z.boolean().optional(),
  createdAt: isoDateTime.optional(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

export const keyLabel = boundedText(100);
export const createClientUserApiKeyRequest = z.strictObject({ label: keyLabel.optional() });
export const createClientUserApiKeyResponse = z.looseObject({ apiKey });

// --- Rate limits -----------------------------------------------------------------------------

/**
 * RateLimitInput: `endpointKey` may be a known key or `*` (all endpoints). The messages are the
 * ones people read, in the service's `issues` and next to the console's fields alike.
 */
export const rateLimitInput = z.strictObject({
  endpointKey: z.union([endpointKey, z.literal("*")], {
    error: "Choose an endpoint key, or * for all.",
  }),
  windowSeconds: z
    .number({ error: "Enter the window in whole seconds." })
    .int("Enter whole seconds.")
    .min(1, "At least 1 second.")
    .max(86_400, "At most 86,400 seconds (one day)."),
  maxRequests: z
    .number({ error: "Enter the number of requests." })
    .int("Enter a whole number.")
    .min(1, "At least 1 request.")
    .max(1_000_000, "At most 1,000,000 requests."),
  apiKeyId: apiKeyId.optional(),
  isActive: z.boolean().optional(),
});
/** A replacement carries at most this many rules. */
export const MAX_RATE_LIMIT_RULES = 100;
export const tooManyRules = `At most ${MAX_RATE_LIMIT_RULES} rules.`;
export const rateLimitRules = z.array(rateLimitInput).max(MAX_RATE_LIMIT_RULES, tooManyRules);
export type RateLimitInput = z.infer<typeof rateLimitInput>;
export const storedRateLimit = z.looseObject({
  endpointKey: z.union([endpointKey, z.literal("*")]),
  windowSeconds: z.number().int(),
  maxRequests: z.number().int(),
  apiKeyId: apiKeyId.nullable().optional(),
  isActive: z.boolean().optional(),
  id: z.string().optional(),
});
export type StoredRateLimit = z.infer<typeof storedRateLimit>;
export const replaceRateLimitsRequest = z.strictObject({ rateLimits: rateLimitRules });
export const replaceRateLimitsResponse = z.looseObject({
  rateLimits: z.array(storedRateLimit),
  clientId: clientId.optional(),
});

// --- ClientUser ------------------------------------------------------------------------------

export const clientUser = z.looseObject({
  id: clientId,
  name: z.string().optional(),
  isActive: z.boolean().optional(),
  isMaster: z.boolean().optional(),
  parentId: clientId.nullable().optional(),
  defaultProviderId: providerId.nullable().optional(),
  allowlist: z.array(billableEndpointKey).nullable().optional(),
  apiKeys: z.array(apiKeySummary).optional(),
  rateLimits: z.array(storedRateLimit).optional(),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
});
export type ClientUser = z.infer<typeof clientUser>;

export const clientUserName = boundedText(200);
export const createClientUserRequest = z.strictObject({
  name: clientUserName,
  defaultProviderId: providerId.optional(),
});
export type CreateClientUserRequest = z.infer<typeof createClientUserRequest>;
export const createClientUserResponse = clientUser.extend({ apiKey });
export type CreateClientUserResponse = z.infer<typeof createClientUserResponse>;

export const updateClientUserRequest = z
  .strictObject({
    name: clientUserName.optional(),
    defaultProviderId: providerId.nullable().optional(),
    isActive: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "send at least one field to change" })
  .meta({ minProperties: 1 });
export type UpdateClientUserRequest = z.infer<typeof updateClientUserRequest>;

export const listClientUsersResponse = z.looseObject({ clientUsers: z.array(clientUser) });

export const clientIdPath = z.strictObject({ clientId });

// --- Credit, usage, plans --------------------------------------------------------------------

export const billingMode = z.enum(["prepaid", "invoice"]);
export const creditStatus = z.looseObject({
  clientId,
  currency: currencyCode.optional(),
  balanceMinor: minorUnits.optional(),
  billingMode: z.string(),
  /** Reference-service extension: the environment the calling key selects. */
  environment: z.enum(["production", "sandbox"]).optional(),
});
export type CreditStatus = z.infer<typeof creditStatus>;

/**
 * Plan record. The spec names `endpoint_key` and `included_monthly_quantity` in snake case; a
 * quantity of 0 means "no included quota", never "unlimited".
 */
export const plan = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  type: z.enum(["standard", "custom"]).optional(),
  endpoint_key: billableEndpointKey,
  included_monthly_quantity: z.number().int().min(0),
  currency: currencyCode.optional(),
  unit_price_minor: minorUnits.optional(),
  active: z.boolean().optional(),
});
export type Plan = z.infer<typeof plan>;
export const listPlansResponse = z.looseObject({ plans: z.array(plan) });

export const usagePeriod = z.looseObject({ start: isoDateTime, end: isoDateTime });
export const planUsage = plan.extend({
  used: z.number().int().min(0),
  remaining: z.number().int().min(0).optional(),
  state: z.enum(["ok", "warning", "exhausted", "no_quota"]).optional(),
});
export type PlanUsage = z.infer<typeof planUsage>;
export const endpointUsage = z.looseObject({
  endpointKey: billableEndpointKey,
  calls: z.number().int().min(0),
  bySource: z
    .looseObject({
      plan: z.number().int().min(0),
      balance: z.number().int().min(0),
      bundle: z.number().int().min(0),
      sandbox: z.number().int().min(0),
      sponsored: z.number().int().min(0),
    })
    .optional(),
  refunded: z.number().int().min(0).optional(),
  chargedMinor: minorUnits.optional(),
});
export type EndpointUsage = z.infer<typeof endpointUsage>;
export const usageStatus = z.looseObject({
  clientId,
  currency: currencyCode.optional(),
  balanceMinor: minorUnits.optional(),
  period: usagePeriod,
  plans: z.array(planUsage),
  endpoints: z.array(endpointUsage),
});
export type UsageStatus = z.infer<typeof usageStatus>;

// --- Sponsorship -----------------------------------------------------------------------------

export const sponsorshipChannel = z.enum(["hub"]);
export const sponsorshipBillingMode = z.enum(["own", "partner"]);
/** What a grant has covered in the current period, from the service's usage data. */
export const grantCoverage = z.looseObject({
  period: usagePeriod,
  coveredCalls: z.number().int().min(0),
  coveredAmountMinor: minorUnits,
});
export const sponsorshipGrant = z.looseObject({
  reference: grantReference,
  sponsorClientId: clientId.optional(),
  beneficiaryClientId: clientId.optional(),
  endpointKeys: z.array(billableEndpointKey).optional(),
  channels: z.array(sponsorshipChannel).optional(),
  startsAt: isoDateTime.nullable().optional(),
  endsAt: isoDateTime.nullable().optional(),
  allowPartnerTerms: z.boolean().optional(),
  monthlyCapMinor: minorUnits.nullable().optional(),
  currency: currencyCode.optional(),
  billingMode: sponsorshipBillingMode.optional(),
  active: z.boolean(),
  revokedAt: isoDateTime.nullable().optional(),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
  coverage: grantCoverage.nullable().optional(),
});
export type SponsorshipGrant = z.infer<typeof sponsorshipGrant>;

const grantWindowCheck = (g: { startsAt?: string | null; endsAt?: string | null }) =>
  !g.startsAt || !g.endsAt || Date.parse(g.startsAt) < Date.parse(g.endsAt);

/** Endpoint keys a grant or a partner workspace covers: 1 to 50. */
export const coveredEndpointKeys = z
  .array(billableEndpointKey)
  .min(1, "Choose at least one endpoint key.")
  .max(50, "At most 50 endpoint keys.");

/** The optional terms of a grant, on issue and on a partner workspace's sponsorship alike. */
const grantTerms = {
  channels: z.array(sponsorshipChannel).max(10).optional(),
  startsAt: isoDateTime.nullable().optional(),
  endsAt: isoDateTime.nullable().optional(),
  allowPartnerTerms: z.boolean().optional(),
  monthlyCapMinor: z.number().int().min(0).max(1_000_000_000).nullable().optional(),
};
const endsAfterStart: [typeof grantWindowCheck, { message: string; path: string[] }] = [
  grantWindowCheck,
  { message: "endsAt must be after startsAt", path: ["endsAt"] },
];

export const upsertSponsorshipGrantRequest = z
  .strictObject({ beneficiaryClientId: clientId, endpointKeys: coveredEndpointKeys, ...grantTerms })
  .refine(...endsAfterStart);
export type UpsertSponsorshipGrantRequest = z.infer<typeof upsertSponsorshipGrantRequest>;
export const sponsorshipGrantResponse = z.looseObject({ sponsorshipGrant });
export const sponsorshipGrantListResponse = z.looseObject({
  sponsorshipGrants: z.array(sponsorshipGrant),
});
export const grantReferencePath = z.strictObject({
  grantReference: grantReference.describe("The grant's sponsor-selected `reference`."),
});

export const chooseBillingModeRequest = z.strictObject({
  mode: sponsorshipBillingMode,
  sponsorClientId: clientId.optional(),
});
export type ChooseBillingModeRequest = z.infer<typeof chooseBillingModeRequest>;

// --- Partner workspaces ----------------------------------------------------------------------

export const partnerSponsorship = z
  .strictObject({ reference: grantReference.optional(), ...grantTerms })
  .refine(...endsAfterStart);

export const externalReference = boundedText(128);
export const createPartnerWorkspaceRequest = z.strictObject({
  name: clientUserName,
  externalReference,
  endpointKeys: coveredEndpointKeys,
  sponsorship: partnerSponsorship.optional(),
  applicationLabel: keyLabel.optional(),
});
export type CreatePartnerWorkspaceRequest = z.infer<typeof createPartnerWorkspaceRequest>;

/**
 * `201` body. The inner workspace properties are not marked required by the interface, so the
 * schema keeps them optional and the caller validates what it uses (see `requireWorkspaceIds`).
 */
export const partnerWorkspace = z.looseObject({
  id: z.string().optional(),
  externalReference: z.string().optional(),
  name: z.string().optional(),
  clientId: clientId.optional(),
  createdAt: isoDateTime.optional(),
});
export const createPartnerWorkspaceResponse = z.looseObject({
  workspace: partnerWorkspace,
  apiKey,
  allowlist: z.looseObject({ endpointKeys: z.array(billableEndpointKey) }),
  sponsorshipGrant: sponsorshipGrant.optional(),
});
export type CreatePartnerWorkspaceResponse = z.infer<typeof createPartnerWorkspaceResponse>;
