import { defineGroup } from "./operation";
import { pingResponse } from "./system";

export const systemOperations = defineGroup("system", {
  getSystemStatus: {
    method: "GET",
    path: "/ping",
    summary: "Reachability check",
    endpointKey: "system",
    request: {},
    responses: { 200: pingResponse },
  },
});
