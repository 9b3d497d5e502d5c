/**
 * An identity provider's address never carries a user name or password (`https://user:pass@…`):
 * the issuer is shown on the organization's page, written to the audit log and sent in every
 * flow, and a provider's credentials are its client id and secret, kept encrypted. Read by the
 * single sign-on form (in the browser) and by every check of a provider's address on the server.
 */
export const ADDRESS_CREDENTIALS_REFUSED =
  "Leave the user name and password out of the issuer's address: the client id and secret have their own fields.";

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
export const ISSUER_QUERY_REFUSED =
  "An issuer's address has no query (?…) or fragment (#…): enter the address the provider names as its issuer.";
export const ADDRESS_CONTROL_CHARACTERS_REFUSED =
  "The address holds an invisible control character: type or paste it again.";

/** What is wrong with an address typed as an issuer, beyond its being an address at all. */
export function issuerAddressProblem(address: string): string | undefined {
  if (/[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/.test(address))
    return ADDRESS_CONTROL_CHARACTERS_REFUSED;
  if (carriesCredentials(address)) return ADDRESS_CREDENTIALS_REFUSED;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.search !== "" || url.hash !== "" || /[?#]/.test(address)) return ISSUER_QUERY_REFUSED;
  return undefined;
}
