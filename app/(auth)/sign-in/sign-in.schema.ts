import { z } from "zod";

export const signInSchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, "Paste an API key.")
    .max(256, "This is longer than any API key."),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const passwordSignInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address.")
    .max(320, "This address is too long."),
  password: z.string().min(1, "Enter your password.").max(256, "This password is too long."),
  code: z
    .string()
    .trim()
    .regex(/^\d{3} ?\d{3}$/, "Enter the 6-digit code from your authenticator app."),
});
export type PasswordSignInValues = z.infer<typeof passwordSignInSchema>;
