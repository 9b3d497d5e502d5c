"use server";

import { revalidatePath } from "next/cache";
import { createPartnerWorkspaceRequest } from "@/lib/api/contract/client-admin";
import { OutcomeUnknownError, ServiceError } from "@/lib/api/client";
import { ActionRefusal, defineAction } from "@/lib/actions/define-action";
import { messageForCode } from "@/lib/operations/code-sentences";
import { serverWords } from "@/lib/actions/server-words";
import { fieldError } from "@/lib/validation/field-error";
import {
  findCreatedWorkspace,
  recordWorkspaceAttempt,
} from "@/app/(console)/workspaces/_lib/workspace-registry";
import { readWorkspaceResult } from "@/app/(console)/workspaces/_lib/workspace-result";

export const createWorkspaceAction = defineAction({
  operation: "createPartnerWorkspace",
  input: createPartnerWorkspaceRequest,
  stepUp: true,
  target: (input) => input.externalReference,
  async run(input, { call, session }) {
    const attempt = {
      ownerClientId: session.clientId,
      externalReference: input.externalReference,
      name: input.name,
    };
    let response;
    try {
      response = await call({ body: input });
    } catch (error) {
      // Every attempt goes into the registry: it is how an unknown outcome can be traced later.
      if (error instanceof OutcomeUnknownError)
        await recordWorkspaceAttempt({
          ...attempt,
          outcome: "unknown",
          errorCode: "outcome_unknown",
        });
      else if (error instanceof ServiceError) {
        await recordWorkspaceAttempt({ ...attempt, outcome: "failed", errorCode: error.code });
        if (error.code === "workspace_reference_exists") {
          const known = await findCreatedWorkspace(session.clientId, input.externalReference);
          const serviceWorkspaceId =
            typeof error.body.workspaceId === "string" ? error.body.workspaceId : null;
          throw new ActionRefusal(
            error.code,
            messageForCode(error.code, undefined, undefined, await serverWords("codes")),
            { externalReference: fieldError("workspaceReferenceExists") },
            {
              workspaceId: known?.workspaceId ?? serviceWorkspaceId,
              workspaceClientId: known?.workspaceClientId ?? null,
            },
          );
        }
      }
      throw error;
    }
    const data = response.data;
    const ids = readWorkspaceResult(data, input.externalReference);
    await recordWorkspaceAttempt({
      ...attempt,
      outcome: "created",
      workspaceId: ids.workspaceId,
      workspaceClientId: ids.clientId,
      grantReference: data.sponsorshipGrant?.reference ?? null,
    });
    revalidatePath("/workspaces");
    return {
      workspace: {
        id: ids.workspaceId,
        clientId: ids.clientId,
        name: data.workspace.name ?? input.name,
        externalReference: input.externalReference,
      },
      problems: ids.problems,
      allowlist: data.allowlist.endpointKeys,
      grant: data.sponsorshipGrant
        ? {
            reference: data.sponsorshipGrant.reference,
            monthlyCapMinor: data.sponsorshipGrant.monthlyCapMinor ?? null,
            currency: data.sponsorshipGrant.currency ?? "EUR",
          }
        : null,
      // Shown once in the browser, for the hand-off; never stored by the console.
      apiKey: {
        id: data.apiKey.id,
        label: data.apiKey.label,
        key: data.apiKey.key,
        createdAt: data.apiKey.createdAt,
      },
    };
  },
});
