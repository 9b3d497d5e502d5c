import "server-only";
import { lookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { isLoopbackHost } from "@/lib/api/contract/vin";
import { consoleConfig } from "@/lib/config/console-env";
import { isPublicAddress } from "@/lib/net/public-address";
import { processState } from "@/lib/process-state";
import { fieldError } from "@/lib/validation/field-error";
import { ADDRESS_CREDENTIALS_REFUSED, carriesCredentials } from "./provider-address";

/**
 * How the console reaches an identity provider. Its issuer, and every endpoint its discovery
 * document names, are addresses someone typed or a provider chose: without a check they would
 * make the console fetch from its own network (a metadata service, an admin port). Every address
 * is checked as it is connected to (after DNS, so a name that resolves to an inside address,
 * now or on a later lookup, is refused too), unless `CONSOLE_SSO_ALLOW_PRIVATE_NETWORKS=1`.
 */
export class ProviderAddressRefused extends Error {
  readonly code = "provider_address_refused";
}

const allowPrivate = () => consoleConfig().CONSOLE_SSO_ALLOW_PRIVATE_NETWORKS === "1";

// Its message is a field error (worded where it is shown): the form's issuer field is at fault.
const refusal = (host: string) => new ProviderAddressRefused(fieldError("issuerPrivate", { host }));

/** The resolver of provider connections: every address a name resolves to must be public. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, found) => {
    if (error) return callback(error, "", 0);
    const addresses = found as unknown as LookupAddress[];
    if (!allowPrivate() && addresses.some((a) => !isPublicAddress(a.address)))
      return callback(refusal(hostname), "", 0);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new Error(`${hostname} has no address`), "", 0);
    callback(null, first.address, first.family);
  });
};

const agent = processState(
  "identity-provider-agent",
  () => new Agent({ connect: { lookup: checkedLookup, timeout: 10_000 } }),
);

/**
 * Whether an identity provider's address may be used: https (plain http only on loopback, for
 * trying a provider out, where the operator allows loopback), and an IP address given literally
 * must be public (a literal is never looked up, so it is checked here). What is wrong, as a field
 * error of the issuer.
 */
export function providerAddressProblem(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname)))
    return fieldError("issuerHttps");
  if (carriesCredentials(url)) return ADDRESS_CREDENTIALS_REFUSED;
  if (!allowPrivate() && (isLoopbackHost(url.hostname) || (isIP(host) && !isPublicAddress(host))))
    return refusal(url.hostname).message;
  return undefined;
}

/** `fetch` for openid-client: the address checked, redirects not followed (each would need its own check). */
export async function providerFetch(
  input: string | URL | Request,
  init?: RequestInit,
): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  const problem = providerAddressProblem(url);
  if (problem) throw new ProviderAddressRefused(problem);
  const answer = await undiciFetch(url, {
    ...(init as Parameters<typeof undiciFetch>[1]),
    redirect: "manual",
    dispatcher: agent,
  });
  return answer as unknown as Response;
}
