import { z } from "zod";
import { atMostCharacters, FORM_BOUNDS } from "@/lib/validation/form-bounds";
import { requiredText } from "@/lib/validation/required-text";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

/**
 * The values people type to sign in or to create a sign-in, with the words each refusal uses:
 * one definition for the forms (in the browser) and the server actions that check them again.
 */

export const AUTHENTICATOR_CODE_REFUSED = "Enter the 6-digit code from your authenticator app.";

export const authenticatorCode = z
  .string()
  .trim()
  .regex(/^\d{3} ?\d{3}$/, AUTHENTICATOR_CODE_REFUSED);

export const personName = requiredText(FORM_BOUNDS.personName, {
  missing: "Enter your name.",
  tooLong: atMostCharacters(FORM_BOUNDS.personName),
});

export const emailAddress = requiredText(FORM_BOUNDS.emailAddress, {
  missing: "Enter an email address.",
  tooLong: "This address is too long.",
}).email("Enter an email address like name@example.com.");

/** A password being chosen: its length here, whether it is common or guessable on the server. */
export const chosenPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters.`);

export const currentPassword = z
  .string()
  .min(1, "Enter your password.")
  .max(PASSWORD_MAX_LENGTH, "This password is too long.");

/** An authenticator app's set-up key (base32), kept in the form while the person sets it up. */
export const totpSetupKey = z
  .string()
  .regex(/^[A-Z2-7]{16,64}$/, "Reload the page: the set-up key was lost.");

/** A new person's sign-in: who, a password, and their authenticator confirmed with a code. */
export const newPersonSchema = z.object({
  name: personName,
  email: emailAddress,
  password: chosenPassword,
  secret: totpSetupKey,
  code: authenticatorCode,
});
export type NewPersonValues = z.input<typeof newPersonSchema>;
