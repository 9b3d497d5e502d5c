import { z } from "zod";
import { grantReference } from "@/lib/api/contract/common";
import {
  clientUserName,
  coveredEndpointKeys,
  type CreatePartnerWorkspaceRequest,
  createPartnerWorkspaceRequest,
  externalReference,
  keyLabel,
} from "@/lib/api/contract/client-admin";

const euros = z.union([
  z.literal(""),
  z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount in euros, e.g. 50 or 49.90."),
]);

export const workspaceForm = z.object({
  name: clientUserName,
  externalReference,
  endpointKeys: coveredEndpointKeys,
  applicationLabel: z.union([z.literal(""), keyLabel]),
  sponsor: z.boolean(),
  grantReference: z.union([z.literal(""), grantReference]),
  monthlyCap: euros,
  allowPartnerTerms: z.boolean(),
});
export type WorkspaceFormValues = z.infer<typeof workspaceForm>;

export const EMPTY_WORKSPACE_FORM: WorkspaceFormValues = {
  name: "",
  externalReference: "",
  endpointKeys: [],
  applicationLabel: "",
  sponsor: false,
  grantReference: "",
  monthlyCap: "",
  allowPartnerTerms: false,
};

export function workspaceFormToRequest(v: WorkspaceFormValues): CreatePartnerWorkspaceRequest {
  return createPartnerWorkspaceRequest.parse({
    name: v.name.trim(),
    externalReference: v.externalReference.trim(),
    endpointKeys: v.endpointKeys,
    ...(v.applicationLabel.trim() ? { applicationLabel: v.applicationLabel.trim() } : {}),
    ...(v.sponsor
      ? {
          sponsorship: {
            ...(v.grantReference ? { reference: v.grantReference } : {}),
            ...(v.monthlyCap ? { monthlyCapMinor: Math.round(Number(v.monthlyCap) * 100) } : {}),
            allowPartnerTerms: v.allowPartnerTerms,
          },
        }
      : {}),
  });
}
