import { type HandlerMap } from "../../context";
import { ApiError } from "../../core";

const notOperational = () =>
  new ApiError(
    "commerce_preview_not_operational",
    "The commerce interface (/commerce/v1) is a concept preview and not operational until its production gates pass.",
  );

/** The commerce preview validates its input, then refuses: it is not operational. */
export const commerceHandlers = {
  async reviewCommerceReturn() {
    throw notOperational();
  },
  async disposeCommerceReturn() {
    throw notOperational();
  },
  async resolveCommerceDiscrepancy() {
    throw notOperational();
  },
} satisfies HandlerMap;
