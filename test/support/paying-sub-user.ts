import { eq } from "drizzle-orm";
import { schema } from "@/service/db/database";
import { http, type TestService } from "./service-harness";

/** A new Sub-user of the demo Master with a credit balance of its own: a payer no other test shares. */
export async function payingSubUser(
  svc: TestService,
  { balanceMinor = 10_000, name = "Paying Sub-user" } = {},
) {
  const created = await http<{ id: string; apiKey: { key: string } }>(
    svc.url,
    "POST",
    "/client/users",
    { key: svc.keys["master-admin"], body: { name } },
  );
  await svc.service.database.db
    .update(schema.clients)
    .set({ balanceMinor })
    .where(eq(schema.clients.id, created.body.id));
  return { id: created.body.id, key: created.body.apiKey.key };
}

/** A Client's balance as the service's database holds it now. */
export async function balanceOf(svc: TestService, clientId: string): Promise<number> {
  const [row] = await svc.service.database.db
    .select({ balance: schema.clients.balanceMinor })
    .from(schema.clients)
    .where(eq(schema.clients.id, clientId));
  return row!.balance;
}
