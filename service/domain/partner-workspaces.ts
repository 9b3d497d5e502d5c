import { and, eq } from "drizzle-orm";
import { firstRow } from "@/lib/db/first-row";
import { type Db, schema } from "../db/database";
import { type ClientRow, createClient, issueApiKey } from "./clients";
import { type GrantRow, issueGrant, type GrantTerms } from "./grants";
import { newId } from "./ids";

export type WorkspaceRow = typeof schema.partnerWorkspaces.$inferSelect;

export async function workspaceByReference(
  db: Db,
  ownerId: string,
  externalReference: string,
): Promise<{ id: string } | undefined> {
  const workspaces = schema.partnerWorkspaces;
  return firstRow(
    db,
    workspaces,
    and(eq(workspaces.ownerClientId, ownerId), eq(workspaces.externalReference, externalReference)),
  );
}

/**
 * A workspace: a new Client below the owner with its own allowlist and key, and, when asked, a
 * grant from the owner covering it. The workspace id is not the Client id.
 */
export async function provisionWorkspace(
  db: Db,
  owner: Pick<ClientRow, "id" | "currency">,
  request: {
    workspaceId: string;
    name: string;
    externalReference: string;
    endpointKeys: string[];
    applicationLabel?: string;
    sponsorship?: { reference: string } & Omit<GrantTerms, "beneficiaryClientId" | "endpointKeys">;
  },
  now: Date,
) {
  const client = await createClient(
    db,
    { name: request.name, parent: owner, allowlist: request.endpointKeys },
    now,
  );
  const key = await issueApiKey(db, client.id, request.applicationLabel ?? null, now);
  const [workspace] = await db
    .insert(schema.partnerWorkspaces)
    .values({
      id: request.workspaceId,
      ownerClientId: owner.id,
      clientId: client.id,
      externalReference: request.externalReference,
      name: request.name,
      applicationLabel: request.applicationLabel ?? null,
      createdAt: now,
    })
    .returning();
  let grant: GrantRow | undefined;
  if (request.sponsorship) {
    const { reference, ...terms } = request.sponsorship;
    grant = await issueGrant(
      db,
      owner.id,
      reference,
      { ...terms, beneficiaryClientId: client.id, endpointKeys: request.endpointKeys },
      now,
    );
  }
  return { client, key, workspace: workspace!, grant };
}

export const newWorkspaceId = () => newId("ws");
