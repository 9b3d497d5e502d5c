/**
 * The warning codes the service puts into answers (`warnings[].code`), and the reasons it gives
 * for a paused live enrichment (`liveAvailability.reason`). The reference service emits only
 * these; the console words each one (`lib/operations/code-sentences.ts`), so a code added here
 * without its sentence fails the type check.
 */
export const WARNING_CODES = [
  "sensitive_data_omitted",
  "stale_snapshot",
  "observed_supply_unavailable",
  "verified_sales_unavailable",
  "insufficient_evidence",
  "parts_without_oe_number",
  "candidates_truncated",
  "empty_portfolio",
  "vin_unreadable",
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export const LIVE_AVAILABILITY_REASONS = ["live_enrichment_paused"] as const;
export type LiveAvailabilityReason = (typeof LIVE_AVAILABILITY_REASONS)[number];

export const isWarningCode = (code: unknown): code is WarningCode =>
  (WARNING_CODES as readonly unknown[]).includes(code);
export const isLiveAvailabilityReason = (code: unknown): code is LiveAvailabilityReason =>
  (LIVE_AVAILABILITY_REASONS as readonly unknown[]).includes(code);
