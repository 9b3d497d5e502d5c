import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { emailAddress } from "@/lib/people/person-fields";
import { issuerAddressProblem } from "@/lib/people/provider-address";
import { atMostCharacters, FORM_BOUNDS } from "@/lib/validation/form-bounds";
import { requiredText } from "@/lib/validation/required-text";
import { fieldError } from "@/lib/validation/field-error";

export const inviteSchema = z.object({
  email: emailAddress,
  role: z.enum(ROLES, { message: fieldError("chooseRole") }),
});
export type InviteValues = z.input<typeof inviteSchema>;

/** An organization's identity provider, as its admin types it. */
export const singleSignOnSchema = z.object({
  issuer: z
    .string()
    .trim()
    .url(fieldError("issuerAddress"))
    .max(FORM_BOUNDS.singleSignOnIssuer, atMostCharacters(FORM_BOUNDS.singleSignOnIssuer))
    .superRefine((text, ctx) => {
      const problem = issuerAddressProblem(text);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  clientId: requiredText(FORM_BOUNDS.singleSignOnClientId, {
    missing: fieldError("clientIdMissing"),
    tooLong: atMostCharacters(FORM_BOUNDS.singleSignOnClientId),
  }),
  clientSecret: z
    .string()
    .min(1, fieldError("clientSecretMissing"))
    .max(
      FORM_BOUNDS.singleSignOnClientSecret,
      atMostCharacters(FORM_BOUNDS.singleSignOnClientSecret),
    ),
  defaultRole: z.enum(ROLES, { message: fieldError("chooseRole") }),
});
export type SingleSignOnValues = z.input<typeof singleSignOnSchema>;

/** An email domain an organization claims for its single sign-on. */
export const domainClaimSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, fieldError("domainForm"))
    .max(FORM_BOUNDS.domainName, atMostCharacters(FORM_BOUNDS.domainName)),
});
export type DomainClaimValues = z.input<typeof domainClaimSchema>;
