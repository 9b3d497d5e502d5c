import { type HandlerMap } from "../context";
import { billingHandlers } from "./billing/billing.handlers";
import { clientUserHandlers } from "./client-users/client-users.handlers";
import { intelligenceHandlers } from "./intelligence/intelligence.handlers";
import { partnerWorkspaceHandlers } from "./partner-workspaces/partner-workspaces.handlers";
import { partsHandlers } from "./parts/parts.handlers";
import { sponsorshipHandlers } from "./sponsorship/sponsorship.handlers";
import { systemHandlers } from "./system/system.handlers";
import { vinHandlers } from "./vin/vin.handlers";
import { visionHandlers } from "./vision/vision.handlers";

export const allHandlers: HandlerMap = {
  ...systemHandlers,
  ...clientUserHandlers,
  ...billingHandlers,
  ...sponsorshipHandlers,
  ...partnerWorkspaceHandlers,
  ...partsHandlers,
  ...vinHandlers,
  ...visionHandlers,
  ...intelligenceHandlers,
};
