"use server";

import { defineAction } from "@/lib/actions/define-action";
import { order } from "@/app/(console)/jobs/_lib/job-orders";
import {
  clusterReadForm,
  resolvePartForm,
  resolveQuery,
  vinEconomicForm,
} from "./_lib/intelligence-forms";

/**
 * Intelligence reads and evaluations. Each answer (an immediate result or a job to follow) is
 * kept as a console job, so a paid result always has a page and a refresh is followed like any
 * other job. The form's Idempotency-Key makes a repeated submission a free replay.
 */
export const resolvePartIntelligenceAction = defineAction({
  operation: "resolvePartIntelligence",
  input: resolvePartForm,
  target: (v) => v.oeNumber || v.aftermarketNumber,
  run: (v, { call, session }) => {
    const query = resolveQuery(v);
    return order(session.clientId, "part_intelligence", query, () => call({ query }));
  },
});

export const readClusterIntelligenceAction = defineAction({
  operation: "getPartClusterIntelligence",
  input: clusterReadForm,
  target: (v) => v.clusterId,
  run: ({ clusterId, ...query }, { call, session }) =>
    order(session.clientId, "part_intelligence", { clusterId, ...query }, () =>
      call({ params: { clusterId }, query }),
    ),
});

export const startVinEconomicIntelligenceAction = defineAction({
  operation: "createVinEconomicIntelligence",
  input: vinEconomicForm,
  target: (v) => v.vin,
  run: (v, { call, session }) => {
    const body = { ...v, windowDays: 90 as const };
    return order(session.clientId, "vin_economic_intelligence", body, () => call({ body }));
  },
});
