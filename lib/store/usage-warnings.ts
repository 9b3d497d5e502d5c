import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { getStore } from "@/lib/store/db";
import { usageWarnings } from "@/lib/store/schema";

/** Keeps each distinct warning text once per Client; a repeat brings a dismissed one back. */
export async function recordUsageWarnings(clientId: string, texts: string[]) {
  const db = await getStore();
  for (const text of new Set(texts)) {
    await db
      .insert(usageWarnings)
      .values({ clientId, text })
      .onConflictDoUpdate({
        target: [usageWarnings.clientId, usageWarnings.text],
        set: { lastSeenAt: sql`now()`, dismissed: false },
      });
  }
}

export async function activeUsageWarnings(clientId: string) {
  const db = await getStore();
  return db
    .select({ text: usageWarnings.text, lastSeenAt: usageWarnings.lastSeenAt })
    .from(usageWarnings)
    .where(and(eq(usageWarnings.clientId, clientId), eq(usageWarnings.dismissed, false)))
    .orderBy(desc(usageWarnings.lastSeenAt))
    .limit(5);
}

export async function dismissUsageWarnings(clientId: string) {
  const db = await getStore();
  await db
    .update(usageWarnings)
    .set({ dismissed: true })
    .where(eq(usageWarnings.clientId, clientId));
}
