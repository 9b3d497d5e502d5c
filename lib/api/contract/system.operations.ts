import { defineGroup, row } from "./operation";
import { pingResponse } from "./system";

// prettier-ignore
export const systemOperations = defineGroup("system", {
  getSystemStatus: row("GET /ping", "system", "Reachability check", { workFree: true, request: {}, responses: { 200: pingResponse } }),
});
