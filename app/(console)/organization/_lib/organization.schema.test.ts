import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "@/lib/actions/action-result";
import {
  ADDRESS_CONTROL_CHARACTERS_REFUSED,
  ADDRESS_CREDENTIALS_REFUSED,
  ISSUER_QUERY_REFUSED,
} from "@/lib/people/provider-address";
import { fieldError } from "@/lib/validation/field-error";
import { singleSignOnSchema } from "./organization.schema";

const provider = (issuer: string) => ({
  issuer,
  clientId: "console",
  clientSecret: "s3cret",
  defaultRole: "viewer",
});

const issuerError = (issuer: string) => {
  const parsed = singleSignOnSchema.safeParse(provider(issuer));
  return parsed.success ? undefined : fieldErrorsOf(parsed.error.issues).issuer;
};

describe("the single sign-on form's issuer", () => {
  it("takes a provider's address", () => {
    expect(issuerError("https://login.example.com/realms/acme")).toBeUndefined();
    expect(issuerError("  https://idp.example.com  ")).toBeUndefined();
  });

  it.each([
    "https://user:pass@idp.example.com/realms/acme",
    "https://user@idp.example.com",
    "https://:pass@idp.example.com",
    " https://admin:hunter2@login.example.com ",
  ])("refuses %s: an address with a user name or password", (issuer) => {
    expect(issuerError(issuer)).toBe(ADDRESS_CREDENTIALS_REFUSED);
  });

  it.each([
    "https://idp.example.com/realms/acme?password=hunter2",
    "https://idp.example.com/realms/acme#fragment",
    "https://idp.example.com/?",
  ])("refuses %s: an issuer has no query or fragment", (issuer) => {
    expect(issuerError(issuer)).toBe(ISSUER_QUERY_REFUSED);
  });

  it.each([
    "https://idp.example.com/\u0000",
    "https://idp.example.com/re\u0007alms",
    "https://idp.example.com/\u202eacme",
  ])("refuses %j: an address with a control character", (issuer) => {
    expect(issuerError(issuer)).toBe(ADDRESS_CONTROL_CHARACTERS_REFUSED);
  });

  it("says what is wrong with text that is no address, before anything else", () => {
    expect(issuerError("login.example.com")).toBe(fieldError("issuerAddress"));
  });
});
