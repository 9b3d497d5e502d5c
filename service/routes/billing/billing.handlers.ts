import { type HandlerMap } from "../../context";
import { ok } from "../../core";
import { ownedClient } from "../../domain/clients";
import { usageStatus, visiblePlans } from "../../domain/usage";

export const billingHandlers = {
  async getClientCredits({ db, caller }) {
    // The balance is read under the Client's lock: a remembered caller carries none.
    const c = await ownedClient(db, caller, caller.client.id, true);
    return ok({
      clientId: c.id,
      currency: c.currency,
      balanceMinor: c.balanceMinor,
      billingMode: c.billingMode,
    });
  },
  async getClientUsage({ db, caller, now }) {
    const client = await ownedClient(db, caller, caller.client.id, true);
    return ok(await usageStatus(db, client, now));
  },
  async listPlans({ db, caller }) {
    return ok({ plans: await visiblePlans(db, caller.client) });
  },
} satisfies HandlerMap;
