import { fieldError } from "@/lib/validation/field-error";
import { INVISIBLE_CHARACTER } from "@/lib/validation/invisible-characters";

/**
 * An identity provider's address never carries a user name or password (`https://user:pass@…`):
 * the issuer is shown on the organization's page, written to the audit log and sent in every
 * flow, and a provider's credentials are its client id and secret, kept encrypted. Read by the
 * single sign-on form (in the browser) and by every check of a provider's address on the server.
 */
export const ADDRESS_CREDENTIALS_REFUSED = fieldError("issuerCredentials");

/**
 * Whether an address names a user or a password before its host (false for text that is no
 * address at all: the form refuses that on its own).
 */
export function carriesCredentials(address: string | URL): boolean {
  let url: URL;
  try {
    url = typeof address === "string" ? new URL(address) : address;
  } catch {
    return false;
  }
  return url.username !== "" || url.password !== "";
}

/** OpenID Connect Discovery: an issuer is an https address "with no query or fragment components". */
export const ISSUER_QUERY_REFUSED = fieldError("issuerQuery");
export const ADDRESS_CONTROL_CHARACTERS_REFUSED = fieldError("issuerControlCharacters");

/**
 * What is wrong with an address typed as an issuer, beyond its being an address at all (a field
 * error, worded where it is shown).
 */
export function issuerAddressProblem(address: string): string | undefined {
  if (INVISIBLE_CHARACTER.test(address)) return ADDRESS_CONTROL_CHARACTERS_REFUSED;
  if (carriesCredentials(address)) return ADDRESS_CREDENTIALS_REFUSED;
  try {
    new URL(address);
  } catch {
    // Text that is no address is the address check's to refuse.
    return undefined;
  }
  // A bare "?" or "#" leaves the parsed query and fragment empty: the text itself is read.
  return /[?#]/.test(address) ? ISSUER_QUERY_REFUSED : undefined;
}
