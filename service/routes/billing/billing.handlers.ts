import { type HandlerMap } from "../../context";
import { usageStatus, visiblePlans } from "../../domain/usage";

export const billingHandlers = {
  async getClientCredits({ caller }) {
    const c = caller.client;
    return {
      status: 200,
      data: {
        clientId: c.id,
        currency: c.currency,
        balanceMinor: c.balanceMinor,
        billingMode: c.billingMode,
      },
    };
  },
  async getClientUsage({ db, caller, now }) {
    return { status: 200, data: await usageStatus(db, caller.client, now) };
  },
  async listPlans({ db, caller }) {
    return { status: 200, data: { plans: await visiblePlans(db, caller.client) } };
  },
} satisfies HandlerMap;
