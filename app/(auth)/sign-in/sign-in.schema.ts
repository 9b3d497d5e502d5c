import { z } from "zod";
import { authenticatorCode, currentPassword } from "@/lib/people/person-fields";

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
  password: currentPassword,
  code: authenticatorCode,
});
export type PasswordSignInValues = z.infer<typeof passwordSignInSchema>;
