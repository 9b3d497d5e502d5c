import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { ErrorCode as RpcError } from "@modelcontextprotocol/sdk/types.js";
import { agentTool } from "@/lib/api/contract/agent-tools";
import { ApiError } from "../../core";
import { isBodyTooLarge, readBodyOf } from "../../pipeline/request-input";
import { type AgentRequest, challenge, refusal } from "./agent-request";
import { mcpServerFor } from "./tool-calls";

export type AgentHandler = (request: AgentRequest) => Promise<Response>;

/** A JSON-RPC error answered before the MCP transport (no id can be known). */
const rpcError = (status: number, code: number, message: string) =>
  new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

/**
 * `/mcp`: the agent endpoint (private preview). A thin adapter: each tool call is the REST
 * operation itself, run in-process through the same pipeline (validation, rights, allowlist,
 * limits, one active request per Client, billing at the REST price, idempotency), authenticated
 * by the OAuth token's account. Stateless: every request carries its token.
 */
export const agentEndpointHandlers = {
  /** A JSON-RPC message, answered by an MCP server made for this request's token. */
  async answerMessage(request) {
    const admitted = await request.admit();
    if (admitted instanceof Response) return admitted;
    const { identity, token, bearer, scopes } = admitted;
    let text: string;
    try {
      text = await readBodyOf(request.c);
    } catch (error) {
      if (!isBodyTooLarge(error)) throw error;
      return refusal(error);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return rpcError(400, RpcError.ParseError, "Parse error: the body is not JSON.");
    }
    // A JSON-RPC message is an object, or a batch (an array) of them.
    if (typeof parsed !== "object" || parsed === null)
      return rpcError(400, RpcError.InvalidRequest, "Invalid Request: send a JSON-RPC message.");
    // A tool the token's scopes do not reach is refused with the challenge naming the scopes.
    const message = parsed as { method?: unknown; params?: { name?: unknown } | null };
    const name = message.params?.name;
    const wanted =
      message.method === "tools/call" && typeof name === "string" ? agentTool(name) : undefined;
    if (wanted && !wanted.scopes.every((s) => scopes.includes(s)))
      return refusal(
        new ApiError(
          "insufficient_scope",
          `The tool ${wanted.name} needs the scopes ${wanted.scopes.join(" ")}.`,
          {},
          {
            "WWW-Authenticate": challenge(
              request.metadataUrl,
              ', error="insufficient_scope"',
              wanted.scopes,
            ),
          },
        ),
      );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const server = mcpServerFor(request.app, request.service, identity, scopes);
    await server.connect(transport);
    try {
      return await transport.handleRequest(request.c.req.raw, {
        parsedBody: parsed,
        authInfo: {
          token: bearer,
          clientId: token.oauthClientId,
          scopes,
          expiresAt: Math.floor(token.expiresAt.getTime() / 1000),
        },
      });
    } finally {
      void server.close();
    }
  },

  /** No stream to open and no session to end: the endpoint is stateless (after the same checks). */
  async refuseStatefulMethod(request) {
    const admitted = await request.admit();
    if (admitted instanceof Response) return admitted;
    return refusal(
      new ApiError(
        "method_not_allowed",
        "The agent endpoint is stateless: send JSON-RPC with POST.",
        {},
        { Allow: "POST" },
      ),
    );
  },
} satisfies Record<string, AgentHandler>;
