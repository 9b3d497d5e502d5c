"use server";

import { defineOrder } from "@/app/(console)/jobs/_lib/job-orders";
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
export const resolvePartIntelligenceAction = defineOrder({
  operation: "resolvePartIntelligence",
  input: resolvePartForm,
  target: (v) => v.oeNumber || v.aftermarketNumber,
  subject: resolveQuery,
  send: (query, call) => call({ query }),
});

export const readClusterIntelligenceAction = defineOrder({
  operation: "getPartClusterIntelligence",
  input: clusterReadForm,
  target: (v) => v.clusterId,
  send: ({ clusterId, ...query }, call) => call({ params: { clusterId }, query }),
});

export const startVinEconomicIntelligenceAction = defineOrder({
  operation: "createVinEconomicIntelligence",
  input: vinEconomicForm,
  target: (v) => v.vin,
  // The service answers for 90 days of evidence, the only window it offers.
  subject: (v) => ({ ...v, windowDays: 90 as const }),
  send: (body, call) => call({ body }),
});
