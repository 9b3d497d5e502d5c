import { type CreatePartnerWorkspaceResponse } from "@/lib/api/contract/client-admin";
import { clientId as clientIdSchema } from "@/lib/api/contract/common";

/**
 * The interface does not mark the inner workspace fields required, so the console checks what it
 * relies on. A `workspace.id` is never taken for a Client id: only an explicit `clientId` that
 * looks like one links to the Sub-user pages.
 */
export function readWorkspaceResult(
  response: CreatePartnerWorkspaceResponse,
  sentExternalReference: string,
) {
  const problems: string[] = [];
  const workspaceId =
    typeof response.workspace.id === "string" && response.workspace.id.length > 0
      ? response.workspace.id
      : null;
  if (!workspaceId) problems.push("The service's answer carries no workspace id.");
  if (
    response.workspace.externalReference !== undefined &&
    response.workspace.externalReference !== sentExternalReference
  ) {
    problems.push(
      `The answer names external reference ${response.workspace.externalReference}, not ${sentExternalReference}.`,
    );
  }
  const parsedClient = clientIdSchema.safeParse(response.workspace.clientId);
  return { workspaceId, clientId: parsedClient.success ? parsedClient.data : null, problems };
}
