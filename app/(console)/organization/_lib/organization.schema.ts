import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { PASSWORD_MAX_LENGTH } from "@/lib/people/password-rules";

export const emailAddress = z
  .string()
  .trim()
  .min(1, "Enter an email address.")
  .max(320, "This address is too long.")
  .email("Enter an email address like name@example.com.");

export const inviteSchema = z.object({
  email: emailAddress,
  role: z.enum(ROLES, { message: "Choose a role." }),
});
export type InviteValues = z.input<typeof inviteSchema>;

/** A new person's sign-in: who, a password, and their authenticator confirmed with a code. */
export const newPersonSchema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(120, "At most 120 characters."),
  email: emailAddress,
  password: z
    .string()
    .min(1, "Choose a password.")
    .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters.`),
  secret: z.string().regex(/^[A-Z2-7]{16,64}$/, "Reload the page: the set-up key was lost."),
  code: z
    .string()
    .trim()
    .regex(/^\d{3} ?\d{3}$/, "Enter the 6-digit code your authenticator app shows."),
});
export type NewPersonValues = z.input<typeof newPersonSchema>;

/** An organization's identity provider, as its admin types it. */
export const singleSignOnSchema = z.object({
  issuer: z
    .string()
    .trim()
    .url("Enter the issuer's address, like https://login.example.com/realms/acme.")
    .max(500, "At most 500 characters."),
  clientId: z.string().trim().min(1, "Enter the client id.").max(200, "At most 200 characters."),
  clientSecret: z.string().min(1, "Enter the client secret.").max(500, "At most 500 characters."),
  allowedDomain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, "Enter a domain like example.com."),
  defaultRole: z.enum(ROLES, { message: "Choose a role." }),
});
export type SingleSignOnValues = z.input<typeof singleSignOnSchema>;
