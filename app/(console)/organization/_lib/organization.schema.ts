import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { emailAddress } from "@/lib/people/person-fields";
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
    .max(500, "At most 500 characters."),
  clientId: requiredText(200, {
    missing: "Enter the client id.",
    tooLong: "At most 200 characters.",
  }),
  clientSecret: z.string().min(1, "Enter the client secret.").max(500, "At most 500 characters."),
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
    .max(253, "At most 253 characters."),
});
export type DomainClaimValues = z.input<typeof domainClaimSchema>;
