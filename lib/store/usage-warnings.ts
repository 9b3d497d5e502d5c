import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { getStore } from "@/lib/store/db";
import { usageWarnings } from "@/lib/store/schema";

/**
 * What a warning is about: its text without figures. The texts are human prose, not codes, so
 * this only groups texts that differ in their numbers ("90 percent", then "91 percent").
 */
export function warningTopic(text: string): string {
  return text.replace(/[0-9]+/g, "#");
}

/** Keeps the latest text per warning topic and Client; a repeat brings a dismissed one back. */
export async function recordUsageWarnings(clientId: string, texts: string[]) {
  const db = await getStore();
  const byTopic = new Map(texts.map((text) => [warningTopic(text), text]));
  for (const [topic, text] of byTopic) {
    await db
      .insert(usageWarnings)
      .values({ clientId, topic, text })
      .onConflictDoUpdate({
        target: [usageWarnings.clientId, usageWarnings.topic],
        set: { text, lastSeenAt: sql`now()`, dismissed: false },
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
