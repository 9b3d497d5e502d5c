import { type HandlerMap } from "../../context";
import { ok } from "../../core";

export const SERVICE_NAME = "vehicle-parts-market-intelligence";

export const systemHandlers = {
  async getSystemStatus() {
    return ok({ status: "ok", service: SERVICE_NAME });
  },
} satisfies HandlerMap;
