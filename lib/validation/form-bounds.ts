import { fieldError } from "./field-error";

/**
 * The console's own bounds on what people type, where the contract holds none (the service never
 * sees these values, or takes them in another shape): one home, read by each form's schema and
 * by the server action that checks it again. A bound the contract holds is read from
 * `lib/api/contract/` instead (test/owners.test.ts keeps numbers out of actions and schemas).
 */
export const FORM_BOUNDS = {
  /** An API key as pasted: longer than any key the service issues, so a new form still fits. */
  apiKey: 256,
  /** An email address: the longest a mail server must accept (RFC 5321). */
  emailAddress: 320,
  personName: 120,
  /** A passkey's credential id, as the browser sends it back (base64url). */
  passkeyId: 1_024,
  /** A DNS name: at most 253 characters. */
  domainName: 253,
  singleSignOnIssuer: 500,
  singleSignOnClientId: 200,
  singleSignOnClientSecret: 500,
  /** A note kept with a guided VIN flow in the console's store. */
  vinFlowNote: 200,
  /** The agent playground's arguments, as JSON text parsed on the console's server. */
  agentToolArguments: 20_000,
} as const;

/** The refusal of a value over its bound: "At most 20,000 characters." where it is shown. */
export const atMostCharacters = (max: number) => fieldError("atMostCharacters", { max });
