import { type Context } from "hono";
import { type ServiceBindings, type ServiceContext } from "../../context";
import { clientAuthenticates, findOAuthClient } from "./oauth-store";
import { clientCredentialsOf, grantedScopes, oauthError, sameResource } from "./oauth-protocol";

type OAuthClient = NonNullable<Awaited<ReturnType<typeof findOAuthClient>>>;

/** An authorisation request refused outright, sent back to the client, or good to consent to. */
type AuthorizationCheck =
  | { fail: string }
  | { redirect: Response }
  | {
      client: OAuthClient;
      scope: string;
      back: (params: Record<string, string>) => Response;
    };

/**
 * One request to the authorisation server: the service it runs in, the one resource it issues
 * tokens for, and the checks several endpoints share (an authorisation request, a client's
 * authentication).
 */
export class OAuthRequest {
  readonly db;

  constructor(
    readonly c: Context<ServiceBindings>,
    readonly service: ServiceContext,
  ) {
    this.db = service.database.db;
  }

  get base(): string {
    return this.service.config.publicUrl;
  }

  /** The one protected resource this server issues tokens for. */
  get resource(): string {
    return `${this.base}/mcp`;
  }

  /** Checks an authorisation request; the redirect address is trusted only once it is known. */
  async authorizationRequest(q: Record<string, string>): Promise<AuthorizationCheck> {
    const client = q.client_id
      ? await findOAuthClient(this.db, q.client_id, this.service.now())
      : undefined;
    if (!client) return { fail: "The client is not registered." };
    if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri))
      return { fail: "The redirect address is not one the client registered." };
    const back = (params: Record<string, string>) => {
      const url = new URL(q.redirect_uri!);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      if (q.state) url.searchParams.set("state", q.state);
      return Response.redirect(url.toString(), 302);
    };
    if (q.response_type !== "code")
      return { redirect: back({ error: "unsupported_response_type" }) };
    if (!q.code_challenge || q.code_challenge_method !== "S256")
      return {
        redirect: back({
          error: "invalid_request",
          error_description: "PKCE with S256 is required.",
        }),
      };
    if (q.resource !== undefined && !sameResource(q.resource, this.resource))
      return {
        redirect: back({
          error: "invalid_target",
          error_description: `This server issues tokens for ${this.resource} only.`,
        }),
      };
    const scope = grantedScopes(q.scope);
    if (!scope) return { redirect: back({ error: "invalid_scope" }) };
    return { client, scope, back };
  }

  /** The client a token or revocation request authenticates as, or the refusal to answer. */
  async authenticatedClient(body: Record<string, string>) {
    const creds = clientCredentialsOf(this.c, body);
    if (!creds)
      return oauthError(401, "invalid_client", "The Basic credentials cannot be read.", {
        "WWW-Authenticate": 'Basic realm="oauth"',
      });
    const client = creds.clientId
      ? await findOAuthClient(this.db, creds.clientId, this.service.now())
      : undefined;
    if (!client || !clientAuthenticates(client, creds.secret))
      return oauthError(401, "invalid_client", "Client authentication failed.");
    return client;
  }
}

export type AuthenticatedOAuthClient = Exclude<
  Awaited<ReturnType<OAuthRequest["authenticatedClient"]>>,
  Response
>;
