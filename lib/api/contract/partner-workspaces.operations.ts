import * as admin from "./client-admin";
import { defineGroup, MASTER_CHANGE, row } from "./operation";

// Client administration (one tag in the reference): partner workspaces.
// prettier-ignore
export const partnerWorkspaceOperations = defineGroup("client-administration", {
  createPartnerWorkspace: row("POST /client/partner-workspaces", "client_admin", "Provision a partner workspace with its API key (plaintext shown once)", { ...MASTER_CHANGE, replaySafe: false, noStore: true, request: { body: admin.createPartnerWorkspaceRequest }, responses: { 201: admin.createPartnerWorkspaceResponse }, errors: ["workspace_reference_exists"] }),
});
