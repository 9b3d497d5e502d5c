import { type HandlerMap } from "../../context";

export const SERVICE_NAME = "vehicle-parts-market-intelligence";

export const systemHandlers = {
  async getSystemStatus() {
    return { status: 200, data: { status: "ok" as const, service: SERVICE_NAME } };
  },
} satisfies HandlerMap;
