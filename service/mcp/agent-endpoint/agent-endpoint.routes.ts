import { type ServiceApp, type ServiceContext } from "../../context";
import { mountRoutes, type RouteOf } from "../../route-table";
import { agentEndpointHandlers } from "./agent-endpoint.handlers";
import { AgentRequest } from "./agent-request";

/** Every route of the agent endpoint, and its handler. */
export const AGENT_ENDPOINT_ROUTES: readonly RouteOf<typeof agentEndpointHandlers>[] = [
  ["post", "/mcp", "answerMessage"],
  ["get", "/mcp", "refuseStatefulMethod"],
  ["delete", "/mcp", "refuseStatefulMethod"],
];

export function mountAgentEndpoint(app: ServiceApp, service: ServiceContext) {
  mountRoutes(app, AGENT_ENDPOINT_ROUTES, (name, c) =>
    agentEndpointHandlers[name](new AgentRequest(c, service, app)),
  );
}
