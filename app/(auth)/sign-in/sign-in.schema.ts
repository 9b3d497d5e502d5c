import { z } from "zod";
import { authenticatorCode, currentPassword } from "@/lib/people/person-fields";
import { fieldError } from "@/lib/validation/field-error";
import { FORM_BOUNDS } from "@/lib/validation/form-bounds";
import { requiredText } from "@/lib/validation/required-text";

export const signInSchema = z.object({
  apiKey: requiredText(FORM_BOUNDS.apiKey, {
    missing: fieldError("apiKeyMissing"),
    tooLong: fieldError("apiKeyTooLong"),
  }),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const passwordSignInSchema = z.object({
  // Not held to an address's form: a sign-in only looks the address up.
  email: requiredText(FORM_BOUNDS.emailAddress, {
    missing: fieldError("yourEmailMissing"),
    tooLong: fieldError("emailTooLong"),
  }),
  password: currentPassword,
  code: authenticatorCode,
});
export type PasswordSignInValues = z.infer<typeof passwordSignInSchema>;
