import "server-only";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { getStore } from "@/lib/store/db";
import { workspaceRegistry } from "@/lib/store/schema";

export type RegistryOutcome = "created" | "unknown" | "failed";

/** One provisioning attempt: the registry's row as the schema defines it (what is left out is null). */
export async function recordWorkspaceAttempt(
  entry: Omit<typeof workspaceRegistry.$inferInsert, "id" | "createdAt"> & {
    outcome: RegistryOutcome;
  },
) {
  const db = await getStore();
  await db.insert(workspaceRegistry).values(entry);
}

export async function listWorkspaceAttempts(ownerClientId: string) {
  const db = await getStore();
  return db
    .select()
    .from(workspaceRegistry)
    .where(eq(workspaceRegistry.ownerClientId, ownerClientId))
    .orderBy(desc(workspaceRegistry.createdAt), desc(workspaceRegistry.id));
}

/** The workspace this console created under an external reference, if it knows one. */
export async function findCreatedWorkspace(ownerClientId: string, externalReference: string) {
  const db = await getStore();
  const [row] = await db
    .select()
    .from(workspaceRegistry)
    .where(
      and(
        eq(workspaceRegistry.ownerClientId, ownerClientId),
        eq(workspaceRegistry.externalReference, externalReference),
        eq(workspaceRegistry.outcome, "created"),
        isNotNull(workspaceRegistry.workspaceId),
      ),
    )
    .orderBy(desc(workspaceRegistry.createdAt))
    .limit(1);
  return row;
}
