import * as admin from "./client-admin";
import { defineGroup, row } from "./operation";

// Client administration (one tag in the reference): billing.
// prettier-ignore
export const billingOperations = defineGroup("client-administration", {
  getClientCredits: row("GET /client/credits", "client_admin", "Credit balance and billing mode of the calling Client", { agent: { tool: "account.get_credits" }, request: {}, responses: { 200: admin.creditStatus } }),
  getClientUsage: row("GET /client/usage", "client_admin", "Usage of the calling Client in the current period", { agent: { tool: "account.get_usage" }, request: {}, responses: { 200: admin.usageStatus } }),
  listPlans: row("GET /client/plans", "client_admin", "Visible standard and custom plans", { agent: { tool: "account.list_plans" }, request: {}, responses: { 200: admin.listPlansResponse } }),
}, "billing");
