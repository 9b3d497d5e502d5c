import { eq } from "drizzle-orm";
import { type Context } from "hono";
import { type ServiceApp, type ServiceBindings, type ServiceContext } from "../../context";
import { ApiError } from "../../core";
import { schema } from "../../db/database";
import { errorResponse } from "../../pipeline/response";
import { DEFAULT_AGENT_SCOPES, protectedResourcePath } from "../oauth/oauth-protocol";
import { findToken } from "../oauth/oauth-store";
import { type AgentIdentity } from "./tool-calls";

/**
 * The `WWW-Authenticate` challenge: where the resource's metadata is, and the scopes to ask for
 * (RFC 6750 §3): the read scopes by default, so a host asks for spending only when a paid tool
 * answers `insufficient_scope` naming it (step-up).
 */
export function challenge(
  resourceMetadata: string,
  extra: string,
  scopes: readonly string[] = DEFAULT_AGENT_SCOPES,
) {
  return `Bearer resource_metadata="${resourceMetadata}", scope="${scopes.join(" ")}"${extra}`;
}

/** A refusal before the transport: the service's `{error, message}`, never cached. */
export const refusal = (error: ApiError) =>
  errorResponse(error, undefined, { "Cache-Control": "no-store" });

type AccessToken = NonNullable<Awaited<ReturnType<typeof findToken>>>;

/** A request let in: the token's account, the token and its scopes. */
export interface AdmittedAgent {
  identity: AgentIdentity;
  token: AccessToken;
  bearer: string;
  scopes: string[];
}

/** One request to the agent endpoint, and the checks every method meets before anything else. */
export class AgentRequest {
  constructor(
    readonly c: Context<ServiceBindings>,
    readonly service: ServiceContext,
    /** The service's own app: a tool call runs its REST operation through it, in-process. */
    readonly app: ServiceApp,
  ) {}

  get metadataUrl(): string {
    return `${this.service.config.publicUrl}${protectedResourcePath}`;
  }

  /**
   * Origin, token, audience and account, in that order; the refusal to answer when one fails.
   * A browser page of another origin (a DNS-rebinding page above all) never reaches the tools.
   */
  async admit(): Promise<AdmittedAgent | Response> {
    const { c, service } = this;
    const db = service.database.db;
    const origin = c.req.header("Origin");
    if (origin !== undefined && origin !== new URL(service.config.publicUrl).origin)
      return refusal(
        new ApiError(
          "origin_not_allowed",
          `Requests from the origin ${origin.slice(0, 200)} are refused; the agent endpoint serves MCP hosts, not other sites' pages.`,
        ),
      );
    const auth = c.req.header("Authorization");
    const bearer = auth?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!bearer)
      return refusal(
        new ApiError(
          "invalid_token",
          "Send an OAuth access token as a Bearer header; REST API keys are not accepted here.",
          {},
          { "WWW-Authenticate": challenge(this.metadataUrl, "") },
        ),
      );
    const token = await findToken(db, bearer, "access", service.now());
    // A token is for one resource (RFC 8707): one issued for another is refused like a stranger.
    const forHere = token?.resource === `${service.config.publicUrl}/mcp`;
    if (!token || !forHere)
      return refusal(
        new ApiError(
          "invalid_token",
          token
            ? "The access token was issued for another resource."
            : "The access token is unknown, expired or revoked.",
          {},
          { "WWW-Authenticate": challenge(this.metadataUrl, ', error="invalid_token"') },
        ),
      );
    const [account] = await db
      .select({ isActive: schema.clients.isActive, agentAccess: schema.clients.agentAccess })
      .from(schema.clients)
      .where(eq(schema.clients.id, token.accountClientId))
      .limit(1);
    if (!account?.isActive || !account.agentAccess)
      return refusal(
        new ApiError(
          "agent_access_not_enabled",
          "This account is not enabled for the agent endpoint.",
        ),
      );
    return {
      identity: {
        tokenHash: token.tokenHash,
        accountClientId: token.accountClientId,
        environment: token.environment,
      },
      token,
      bearer,
      scopes: token.scope.split(" "),
    };
  }
}
