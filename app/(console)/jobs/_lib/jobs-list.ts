import { z } from "zod";
import { oneOf } from "@/lib/list-params";
import { cursorParam } from "@/lib/log-cursor";
import { JOB_FAMILIES, type JobFamily } from "@/lib/api/contract/operations";

export const JOB_STATUS_FILTERS = [
  "all",
  "unfinished",
  "succeeded",
  "failed",
  "quarantined",
] as const;
export type JobStatusFilter = (typeof JOB_STATUS_FILTERS)[number];

/** The jobs list's state, read from its address. */
export const jobsListParams = z.object({
  kind: oneOf(["all", ...JOB_FAMILIES] as ["all", ...JobFamily[]], "all"),
  status: oneOf(JOB_STATUS_FILTERS, "all"),
  sort: oneOf(["newest", "oldest"], "newest"),
  next: cursorParam,
  prev: cursorParam,
});
export type JobsListParams = z.output<typeof jobsListParams>;
export const JOBS_LIST_DEFAULTS = { kind: "all", status: "all", sort: "newest" } as const;
export const JOBS_PAGE_SIZE = 25;
// Each filter is worded by `jobs.statusFilters.<filter>`.
