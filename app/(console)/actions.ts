"use server";

import { revalidatePath } from "next/cache";
import { actionSession } from "@/lib/auth/guards";
import { dismissUsageWarnings } from "@/lib/store/usage-warnings";

export async function dismissUsageWarningsAction(): Promise<void> {
  const signedIn = await actionSession();
  if ("refused" in signedIn) return;
  await dismissUsageWarnings(signedIn.session.clientId);
  revalidatePath("/", "layout");
}
