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
