import { type HandlerMap } from "../context";
import { billingHandlers } from "./billing/billing.handlers";
import { commerceHandlers } from "./commerce/commerce.handlers";
import { clientUserHandlers } from "./client-users/client-users.handlers";
import { intelligenceHandlers } from "./intelligence/intelligence.handlers";
import { jobStatusHandlers } from "./jobs/jobs.handlers";
import { partnerWorkspaceHandlers } from "./partner-workspaces/partner-workspaces.handlers";
import { partsHandlers } from "./parts/parts.handlers";
import { recallHandlers } from "./recalls/recalls.handlers";
import { scannerHandlers } from "./scanner/scanner.handlers";
import { sponsorshipHandlers } from "./sponsorship/sponsorship.handlers";
import { systemHandlers } from "./system/system.handlers";
import { translationHandlers } from "./translation/translation.handlers";
import { vdiHandlers } from "./vdi/vdi.handlers";
import { vehicleHandlers } from "./vehicles/vehicles.handlers";
import { vinHandlers } from "./vin/vin.handlers";
import { visionAnalysisHandlers } from "./vision/vision-analysis.handlers";
import { visionHandlers } from "./vision/vision.handlers";

/** Every operation of the table has a handler (checked by a test). */
export const allHandlers: HandlerMap = {
  ...systemHandlers,
  ...clientUserHandlers,
  ...billingHandlers,
  ...sponsorshipHandlers,
  ...partnerWorkspaceHandlers,
  ...partsHandlers,
  ...vdiHandlers,
  ...translationHandlers,
  ...vinHandlers,
  ...jobStatusHandlers,
  ...visionHandlers,
  ...intelligenceHandlers,
  ...recallHandlers,
  ...vehicleHandlers,
  ...scannerHandlers,
  ...visionAnalysisHandlers,
  ...commerceHandlers,
};
