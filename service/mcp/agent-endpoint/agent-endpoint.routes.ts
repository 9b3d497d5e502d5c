import { type ServiceApp, type ServiceContext } from "../../context";
import { agentEndpointHandlers } from "./agent-endpoint.handlers";
import { AgentRequest } from "./agent-request";

type AgentRoute = readonly [
  method: "get" | "post" | "delete",
  path: string,
  handler: keyof typeof agentEndpointHandlers,
];

/** Every route of the agent endpoint, and its handler. */
export const AGENT_ENDPOINT_ROUTES: readonly AgentRoute[] = [
  ["post", "/mcp", "answerMessage"],
  ["get", "/mcp", "refuseStatefulMethod"],
  ["delete", "/mcp", "refuseStatefulMethod"],
];

export function mountAgentEndpoint(app: ServiceApp, service: ServiceContext) {
  for (const [method, path, name] of AGENT_ENDPOINT_ROUTES) {
    const handler = agentEndpointHandlers[name];
    app[method](path, (c) => handler(new AgentRequest(c, service, app)));
  }
}
