"use server";

import { z } from "zod";
import { fullVin, partialVin } from "@/lib/api/contract/common";
import { defineAction } from "@/lib/actions/define-action";
import { consoleConfig } from "@/lib/config/console-env";
import { startFlow } from "@/lib/vin/vin-flows";

/** Starts the browser-guided flow: a fresh single-use `state`, bound to this browser session. */
export const startVinFlowAction = defineAction({
  input: z.object({
    vin: partialVin,
    note: z.string().trim().max(200, "At most 200 characters.").optional(),
  }),
  audit: { operationId: "createVinRedirectSession", target: (input) => input.vin },
  async run(input, { api, session }) {
    const flow = await startFlow(session.idHash, session.clientId, input.vin, input.note || null);
    const returnUrl = `${consoleConfig().CONSOLE_PUBLIC_URL.replace(/\/$/, "")}/vin/callback`;
    const res = await api.createVinRedirectSession(
      { body: { vin: input.vin, returnUrl, state: flow.state } },
      { idempotencyKey: flow.id },
    );
    // The browser goes to the service's page; the state travels only inside the service's session.
    return { redirectUrl: res.data.redirectUrl };
  },
});

export const lookUpVehicleAction = defineAction({
  input: z.object({ vin: fullVin }),
  async run(input, { api }) {
    const res = await api.getVehicleByVin({ params: { vin: input.vin } });
    return { vehicle: res.data, billingSource: res.metadata.billingSource ?? null };
  },
});
