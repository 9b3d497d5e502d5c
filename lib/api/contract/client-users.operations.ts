import * as admin from "./client-admin";
import { defineGroup, MASTER_CHANGE, row } from "./operation";

// Client administration (one tag in the reference): client users.
// prettier-ignore
export const clientUserOperations = defineGroup("client-administration", {
  listClientUsers: row("GET /client/users", "client_admin", "List the Master client's Sub-users", { masterOnly: true, request: {}, responses: { 200: admin.listClientUsersResponse } }),
  createClientUser: row("POST /client/users", "client_admin", "Create a Sub-user with its initial API key (plaintext shown once)", { ...MASTER_CHANGE, replaySafe: false, noStore: true, request: { body: admin.createClientUserRequest }, responses: { 200: admin.createClientUserResponse } }),
  updateClientUser: row("PATCH /client/users/{clientId}", "client_admin", "Update a Sub-user; `isActive=false` deactivates", { ...MASTER_CHANGE, idempotency: "optional", request: { params: admin.clientIdPath, body: admin.updateClientUserRequest }, responses: { 200: admin.clientUser }, errors: ["client_user_not_found", "client_state_conflict"] }),
  createClientUserApiKey: row("POST /client/users/{clientId}/keys", "client_admin", "Issue another API key for a Sub-user (plaintext shown once)", { ...MASTER_CHANGE, replaySafe: false, noStore: true, request: { params: admin.clientIdPath, body: admin.createClientUserApiKeyRequest }, responses: { 200: admin.createClientUserApiKeyResponse }, errors: ["client_user_not_found", "client_state_conflict"] }),
  replaceClientUserRateLimits: row("PUT /client/users/{clientId}/rate-limits", "client_admin", "Replace (never merge) a Sub-user's rate limits", { ...MASTER_CHANGE, idempotency: "optional", request: { params: admin.clientIdPath, body: admin.replaceRateLimitsRequest }, responses: { 200: admin.replaceRateLimitsResponse }, errors: ["client_user_not_found"] }),
  getClientUserUsage: row("GET /client/users/{clientId}/usage", "client_admin", "Usage of one Sub-user", { masterOnly: true, request: { params: admin.clientIdPath }, responses: { 200: admin.usageStatus }, errors: ["client_user_not_found"] }),
});
