import { z } from "zod";
import { fieldError } from "@/lib/validation/field-error";
import { atMostCharacters, FORM_BOUNDS } from "@/lib/validation/form-bounds";
import { requiredText } from "@/lib/validation/required-text";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

/**
 * The values people type to sign in or to create a sign-in, with the words each refusal uses:
 * one definition for the forms (in the browser) and the server actions that check them again.
 */

export const AUTHENTICATOR_CODE_REFUSED = fieldError("authenticatorCode");

export const authenticatorCode = z
  .string()
  .trim()
  .regex(/^\d{3} ?\d{3}$/, AUTHENTICATOR_CODE_REFUSED);

export const personName = requiredText(FORM_BOUNDS.personName, {
  missing: fieldError("yourNameMissing"),
  tooLong: atMostCharacters(FORM_BOUNDS.personName),
});

export const emailAddress = requiredText(FORM_BOUNDS.emailAddress, {
  missing: fieldError("emailMissing"),
  tooLong: fieldError("emailTooLong"),
}).email(fieldError("emailForm"));

/** A password being chosen: its length here, whether it is common or guessable on the server. */
export const chosenPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, fieldError("useAtLeastCharacters", { min: PASSWORD_MIN_LENGTH }))
  .max(PASSWORD_MAX_LENGTH, atMostCharacters(PASSWORD_MAX_LENGTH));

export const currentPassword = z
  .string()
  .min(1, fieldError("passwordMissing"))
  .max(PASSWORD_MAX_LENGTH, fieldError("passwordTooLong"));

/** An authenticator app's set-up key (base32), kept in the form while the person sets it up. */
export const totpSetupKey = z.string().regex(/^[A-Z2-7]{16,64}$/, fieldError("setupKeyLost"));

/** A new person's sign-in: who, a password, and their authenticator confirmed with a code. */
export const newPersonSchema = z.object({
  name: personName,
  email: emailAddress,
  password: chosenPassword,
  secret: totpSetupKey,
  code: authenticatorCode,
});
export type NewPersonValues = z.input<typeof newPersonSchema>;
