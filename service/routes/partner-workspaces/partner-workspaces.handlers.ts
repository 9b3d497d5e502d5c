import { and, eq } from "drizzle-orm";
import { type HandlerMap } from "../../context";
import { schema } from "../../db/database";
import { generateApiKey } from "../../domain/api-keys";
import { newId } from "../../domain/ids";
import { ApiError } from "../../pipeline/api-error";
import { toGrant } from "../sponsorship/grant.representation";

export const partnerWorkspaceHandlers = {
  /**
   * Provisions a workspace: a new Client below the caller with its own allowlist and key, and,
   * when asked, a grant from the caller covering it, all in one transaction. The workspace id is
   * not the Client id; the response names both so the relationship is explicit.
   */
  async createPartnerWorkspace({ db, caller, input, now }) {
    const body = input.body;
    const endpointKeys = [...new Set(body.endpointKeys)];
    const [existing] = await db
      .select({ id: schema.partnerWorkspaces.id })
      .from(schema.partnerWorkspaces)
      .where(
        and(
          eq(schema.partnerWorkspaces.ownerClientId, caller.client.id),
          eq(schema.partnerWorkspaces.externalReference, body.externalReference),
        ),
      )
      .limit(1);
    if (existing) {
      throw new ApiError(
        "workspace_reference_exists",
        `A partner workspace with externalReference ${body.externalReference} exists.`,
        {
          workspaceId: existing.id,
        },
      );
    }
    const workspaceId = newId("ws");
    const grantReference = body.sponsorship?.reference ?? `workspace-${workspaceId.slice(3)}`;
    if (body.sponsorship) {
      const [taken] = await db
        .select({ id: schema.sponsorshipGrants.id })
        .from(schema.sponsorshipGrants)
        .where(
          and(
            eq(schema.sponsorshipGrants.sponsorClientId, caller.client.id),
            eq(schema.sponsorshipGrants.reference, grantReference),
          ),
        )
        .limit(1);
      if (taken)
        throw new ApiError(
          "sponsorship_reference_exists",
          `This Client already uses grant reference ${grantReference}.`,
        );
    }
    return db.transaction(async (tx) => {
      const [client] = await tx
        .insert(schema.clients)
        .values({
          id: newId("cl"),
          name: body.name,
          parentId: caller.client.id,
          allowlist: endpointKeys,
          currency: caller.client.currency,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const { plaintext, hash } = generateApiKey("production");
      const [key] = await tx
        .insert(schema.apiKeys)
        .values({
          id: newId("key"),
          clientId: client!.id,
          label: body.applicationLabel ?? null,
          keyHash: hash,
          createdAt: now,
        })
        .returning();
      const [workspace] = await tx
        .insert(schema.partnerWorkspaces)
        .values({
          id: workspaceId,
          ownerClientId: caller.client.id,
          clientId: client!.id,
          externalReference: body.externalReference,
          name: body.name,
          applicationLabel: body.applicationLabel ?? null,
          createdAt: now,
        })
        .returning();
      let sponsorshipGrant;
      if (body.sponsorship) {
        const s = body.sponsorship;
        const [grant] = await tx
          .insert(schema.sponsorshipGrants)
          .values({
            id: newId("gr"),
            sponsorClientId: caller.client.id,
            reference: grantReference,
            beneficiaryClientId: client!.id,
            endpointKeys,
            channels: [...new Set(s.channels ?? [])],
            startsAt: s.startsAt ? new Date(s.startsAt) : null,
            endsAt: s.endsAt ? new Date(s.endsAt) : null,
            allowPartnerTerms: s.allowPartnerTerms ?? false,
            monthlyCapMinor: s.monthlyCapMinor ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        sponsorshipGrant = await toGrant(tx, grant!, now, caller.client.currency);
      }
      return {
        status: 201,
        data: {
          workspace: {
            id: workspace!.id,
            externalReference: workspace!.externalReference,
            name: workspace!.name,
            clientId: client!.id,
            createdAt: workspace!.createdAt.toISOString(),
          },
          apiKey: {
            id: key!.id,
            label: key!.label,
            key: plaintext,
            createdAt: key!.createdAt.toISOString(),
          },
          allowlist: { endpointKeys: endpointKeys as never[] },
          ...(sponsorshipGrant ? { sponsorshipGrant } : {}),
        },
      };
    });
  },
} satisfies HandlerMap;
