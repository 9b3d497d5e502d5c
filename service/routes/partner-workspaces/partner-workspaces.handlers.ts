import { type HandlerMap } from "../../context";
import { issuedGrant } from "../../domain/grants";
import {
  newWorkspaceId,
  provisionWorkspace,
  workspaceByReference,
} from "../../domain/partner-workspaces";
import { toIssuedKey } from "../client-users/client-user.representation";
import { toGrant } from "../sponsorship/grant.representation";
import { ApiError } from "../../core";

export const partnerWorkspaceHandlers = {
  /**
   * Provisions a workspace: a new Client below the caller with its own allowlist and key, and,
   * when asked, a grant from the caller covering it. The response names both the workspace and
   * its Client, so the relationship is explicit.
   */
  async createPartnerWorkspace(ctx) {
    const { db, caller, input, now } = ctx;
    const body = input.body;
    const existing = await workspaceByReference(db, caller.client.id, body.externalReference);
    if (existing) {
      throw new ApiError(
        "workspace_reference_exists",
        `A partner workspace with externalReference ${body.externalReference} exists.`,
        { workspaceId: existing.id },
      );
    }
    const workspaceId = newWorkspaceId();
    const grantReference = body.sponsorship?.reference ?? `workspace-${workspaceId.slice(3)}`;
    if (body.sponsorship && (await issuedGrant(db, caller.client.id, grantReference)))
      throw new ApiError(
        "sponsorship_reference_exists",
        `This Client already uses grant reference ${grantReference}.`,
      );
    const endpointKeys = [...new Set(body.endpointKeys)];
    const { client, key, workspace, grant } = await provisionWorkspace(
      db,
      caller.client,
      {
        workspaceId,
        name: body.name,
        externalReference: body.externalReference,
        endpointKeys,
        applicationLabel: body.applicationLabel,
        sponsorship: body.sponsorship && { ...body.sponsorship, reference: grantReference },
      },
      now,
    );
    return {
      status: 201,
      data: {
        workspace: {
          id: workspace.id,
          externalReference: workspace.externalReference,
          name: workspace.name,
          clientId: client.id,
          createdAt: workspace.createdAt.toISOString(),
        },
        apiKey: toIssuedKey(key),
        allowlist: { endpointKeys: endpointKeys as never[] },
        ...(grant
          ? {
              sponsorshipGrant: await toGrant(ctx, grant),
            }
          : {}),
      },
    };
  },
} satisfies HandlerMap;
