import { type ServiceApp, type ServiceContext } from "../../context";
import { mountRoutes, type RouteOf } from "../../route-table";
import { oauthHandlers } from "./oauth.handlers";
import { protectedResourcePath } from "./oauth-protocol";
import { OAuthRequest } from "./oauth-request";

/** Every route of the authorisation server, and its handler. */
export const OAUTH_ROUTES: readonly RouteOf<typeof oauthHandlers>[] = [
  ["get", protectedResourcePath, "protectedResourceMetadata"],
  ["get", "/.well-known/oauth-protected-resource", "protectedResourceMetadata"],
  ["get", "/.well-known/oauth-authorization-server", "authorizationServerMetadata"],
  ["post", "/oauth/register", "registerClient"],
  ["get", "/oauth/authorize", "showConsent"],
  ["post", "/oauth/authorize", "decideConsent"],
  ["post", "/oauth/revoke", "revokeToken"],
  ["post", "/oauth/token", "issueToken"],
];

/**
 * The agent endpoint's own authorisation server, as MCP hosts discover it: protected-resource
 * metadata (RFC 9728) names it, its metadata (RFC 8414) lists the endpoints; dynamic client
 * registration (RFC 7591) for `https` and loopback redirect addresses (RFC 8252), bounded per
 * source address; the authorisation-code grant with PKCE (S256) through a consent page where the
 * account holder signs in (throttled); codes and refresh tokens used once, a reuse revoking what
 * they issued (RFC 9700); tokens for one resource, the agent endpoint (RFC 8707); client
 * credentials for machines.
 */
export function mountOAuth(app: ServiceApp, service: ServiceContext) {
  mountRoutes(app, OAUTH_ROUTES, (name, c) => oauthHandlers[name](new OAuthRequest(c, service)));
}
