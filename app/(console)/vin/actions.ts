"use server";

import { z } from "zod";
import { partialVin } from "@/lib/api/contract/common";
import { defineAction } from "@/lib/actions/define-action";
import { consoleConfig } from "@/lib/config/console-env";
import { startFlow } from "@/app/(console)/vin/_lib/vin-flows";
import { flowNote } from "@/app/(console)/vin/_lib/vin-flow.schema";

/** Starts the browser-guided flow: a fresh single-use `state`, bound to this browser session. */
export const startVinFlowAction = defineAction({
  operation: "createVinRedirectSession",
  input: z.object({
    vin: partialVin,
    note: flowNote.optional(),
  }),
  target: (input) => input.vin,
  async run(input, { call, session }) {
    const flow = await startFlow(session, input.vin, input.note || null);
    const returnUrl = `${consoleConfig().CONSOLE_PUBLIC_URL.replace(/\/$/, "")}/vin/callback`;
    // One flow, one logical request: its id is the key, so a retry never opens a second session.
    const res = await call(
      { body: { vin: input.vin, returnUrl, state: flow.state } },
      { idempotencyKey: flow.id },
    );
    // The browser goes to the service's page; the state travels only inside the service's session.
    return { redirectUrl: res.data.redirectUrl };
  },
});
