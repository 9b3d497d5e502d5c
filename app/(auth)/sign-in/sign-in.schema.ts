import { z } from "zod";
import { authenticatorCode, currentPassword } from "@/lib/people/person-fields";
import { FORM_BOUNDS } from "@/lib/validation/form-bounds";
import { requiredText } from "@/lib/validation/required-text";

export const signInSchema = z.object({
  apiKey: requiredText(FORM_BOUNDS.apiKey, {
    missing: "Paste an API key.",
    tooLong: "This is longer than any API key.",
  }),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const passwordSignInSchema = z.object({
  // Not held to an address's form: a sign-in only looks the address up.
  email: requiredText(FORM_BOUNDS.emailAddress, {
    missing: "Enter your email address.",
    tooLong: "This address is too long.",
  }),
  password: currentPassword,
  code: authenticatorCode,
});
export type PasswordSignInValues = z.infer<typeof passwordSignInSchema>;
