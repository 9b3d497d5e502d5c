import { type Context } from "hono";
import { z } from "zod";
import { ALL_AGENT_SCOPES, AGENT_SCOPES } from "@/lib/api/contract/agent-tools";
import { isLoopbackHost } from "@/lib/api/contract/vin";
import { type ServiceBindings } from "../../context";
import { isBodyTooLarge, readBodyOf } from "../../pipeline/request-input";
import { nulCharacterPath } from "../../pipeline/validate";

/** How long an authorisation code can be redeemed (seconds). */
export const CODE_SECONDS = 120;
export const MAX_BODY = 8192;
/** Dynamic registrations one source address may make per window. */
export const REGISTRATIONS_PER_SOURCE = 20;
export const REGISTRATION_WINDOW_SECONDS = 3_600;
/** What a host gets when it asks for no scope, and what the 401 challenge names: no spending. */
export const DEFAULT_AGENT_SCOPES = [AGENT_SCOPES.connect, AGENT_SCOPES.read];

export const protectedResourcePath = "/.well-known/oauth-protected-resource/mcp";
const NO_STORE = { "Content-Type": "application/json", "Cache-Control": "no-store" };
export const oauthError = (
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
) =>
  new Response(JSON.stringify({ error, error_description: description, message: description }), {
    status,
    headers: { ...NO_STORE, ...headers },
  });
/** A JSON answer no cache keeps (every answer of the authorisation server). */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: NO_STORE });

/** Requested scopes, all known; none asks for the read scopes. Null when one is unknown. */
export function grantedScopes(requested: string | undefined): string | null {
  const asked = scopeList(requested);
  if (asked.some((s) => !(ALL_AGENT_SCOPES as string[]).includes(s))) return null;
  const scopes = asked.length ? asked : DEFAULT_AGENT_SCOPES;
  return [...new Set([AGENT_SCOPES.connect, ...scopes])].join(" ");
}
export const scopeList = (scope: string | undefined) => (scope ?? "").split(/\s+/).filter(Boolean);

/** The same resource address, however written (case of scheme and host, a trailing slash). */
export function sameResource(sent: string, resource: string): boolean {
  try {
    const a = new URL(sent);
    const b = new URL(resource);
    const path = (u: URL) => u.pathname.replace(/\/+$/, "");
    return (
      a.origin === b.origin &&
      path(a) === path(b) &&
      a.search === "" &&
      a.hash === "" &&
      !a.username
    );
  } catch {
    return false;
  }
}

export async function formOrJson(
  c: Context<ServiceBindings>,
): Promise<Record<string, string> | Response | null> {
  let text: string;
  try {
    text = await readBodyOf(c, MAX_BODY);
  } catch (error) {
    if (!isBodyTooLarge(error)) throw error;
    // The rest of the upload is not read: the connection ends with this answer.
    return oauthError(400, "invalid_request", `The body is over ${MAX_BODY} bytes.`, error.headers);
  }
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  let fields: [string, string][];
  if (type.startsWith("application/json")) {
    try {
      const parsed = z.record(z.string(), z.unknown()).parse(JSON.parse(text));
      fields = Object.entries(parsed).map(([k, v]) => [
        k,
        Array.isArray(v) ? JSON.stringify(v) : String(v),
      ]);
    } catch {
      return null;
    }
  } else fields = [...new URLSearchParams(text)];
  // A parameter sent twice (RFC 6749 §3.1, §3.2), or one PostgreSQL cannot hold, is refused.
  const names = new Set(fields.map(([k]) => k));
  if (names.size !== fields.length || nulCharacterPath(fields) !== undefined) return null;
  return Object.fromEntries(fields);
}

/**
 * Client authentication at the token endpoint: HTTP Basic (RFC 6749 §2.3.1: both parts
 * form-encoded) or the body's fields. Undefined when the Basic header cannot be read.
 */
export function clientCredentialsOf(c: Context<ServiceBindings>, body: Record<string, string>) {
  const header = c.req.header("Authorization");
  if (header === undefined || !/^Basic\s/i.test(header))
    return { clientId: body.client_id ?? "", secret: body.client_secret };
  const encoded = header.replace(/^Basic\s+/i, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 1) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with a redirect address a client registers, if anything: only `https`, or
 * plain `http` to a loopback host (a native app's local listener, RFC 8252 §7.3); never a
 * fragment or credentials. `javascript:`, `data:` and other schemes are refused.
 */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URL`;
  }
  if (url.hash || uri.includes("#")) return `${uri} has a fragment`;
  if (url.username || url.password) return `${uri} carries credentials`;
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return undefined;
  return `${uri} must use https (plain http only to a loopback host: 127.0.0.1, [::1] or localhost)`;
}

export const registration = z.object({
  redirect_uris: z.array(z.string().max(2000)).max(10).default([]),
  client_name: z.string().max(200).optional(),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token", "client_credentials"]))
    .default(["authorization_code", "refresh_token"]),
  token_endpoint_auth_method: z
    .enum(["none", "client_secret_basic", "client_secret_post"])
    .default("client_secret_basic"),
  scope: z.string().optional(),
});
