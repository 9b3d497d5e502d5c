import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { emailAddress } from "@/lib/people/person-fields";
import { issuerAddressProblem } from "@/lib/people/provider-address";
import { atMostCharacters, FORM_BOUNDS } from "@/lib/validation/form-bounds";
import { requiredText } from "@/lib/validation/required-text";

export const inviteSchema = z.object({
  email: emailAddress,
  role: z.enum(ROLES, { message: "Choose a role." }),
});
export type InviteValues = z.input<typeof inviteSchema>;

/** An organization's identity provider, as its admin types it. */
export const singleSignOnSchema = z.object({
  issuer: z
    .string()
    .trim()
    .url("Enter the issuer's address, like https://login.example.com/realms/acme.")
    .max(FORM_BOUNDS.singleSignOnIssuer, atMostCharacters(FORM_BOUNDS.singleSignOnIssuer))
    .superRefine((text, ctx) => {
      const problem = issuerAddressProblem(text);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  clientId: requiredText(FORM_BOUNDS.singleSignOnClientId, {
    missing: "Enter the client id.",
    tooLong: atMostCharacters(FORM_BOUNDS.singleSignOnClientId),
  }),
  clientSecret: z
    .string()
    .min(1, "Enter the client secret.")
    .max(
      FORM_BOUNDS.singleSignOnClientSecret,
      atMostCharacters(FORM_BOUNDS.singleSignOnClientSecret),
    ),
  defaultRole: z.enum(ROLES, { message: "Choose a role." }),
});
export type SingleSignOnValues = z.input<typeof singleSignOnSchema>;

/** An email domain an organization claims for its single sign-on. */
export const domainClaimSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, "Enter a domain like example.com.")
    .max(FORM_BOUNDS.domainName, atMostCharacters(FORM_BOUNDS.domainName)),
});
export type DomainClaimValues = z.input<typeof domainClaimSchema>;
