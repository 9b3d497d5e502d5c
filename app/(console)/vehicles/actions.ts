"use server";

import { z } from "zod";
import {
  svcIdPath,
  vehicleIntakeRequest,
  vehicleListingRequest,
} from "@/lib/api/contract/vehicles";
import { defineAction } from "@/lib/actions/define-action";
import { isBillable, receiptOf } from "@/lib/billing/receipt-facts";

export const composeListingAction = defineAction({
  operation: "composeVehicleListing",
  input: z.object({ svcId: svcIdPath.shape.svcId, body: vehicleListingRequest }),
  target: (input) => input.svcId,
  async run({ svcId, body }, { call }) {
    const res = await call({ params: { svcId }, body });
    return {
      listing: res.data as Record<string, unknown>,
      receipt: receiptOf(res.metadata, { billable: isBillable("composeVehicleListing") }),
    };
  },
});

/**
 * Intake from a registration document. The answer (personal document data) goes to the browser
 * once and is never stored by the console: no target, no detail in the audit log.
 */
export const intakeVehicleAction = defineAction({
  operation: "intakeVehicle",
  input: vehicleIntakeRequest,
  async run(body, { call }) {
    const res = await call({ body });
    return {
      intake: res.data,
      receipt: receiptOf(res.metadata, { billable: isBillable("intakeVehicle") }),
    };
  },
});
