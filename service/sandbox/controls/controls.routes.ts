import { SANDBOX_CONTROLS_PREFIX } from "@/lib/api/contract/sandbox-controls";
import { type ServiceApp, type ServiceContext } from "../../context";
import { mountRoutes, type RouteOf } from "../../route-table";
import { controlsHandlers } from "./controls.handlers";
import { answerControl, ControlsRequest } from "./controls-request";

/** Every route of the sandbox controls, below `SANDBOX_CONTROLS_PREFIX`, and its handler. */
export const CONTROL_ROUTES: readonly RouteOf<typeof controlsHandlers>[] = [
  ["get", "", "describeControls"],
  ["get", "/openapi.json", "controlsDocument"],
  ["get", "/clock", "readClock"],
  ["post", "/clock/advance", "advanceClock"],
  ["get", "/instance-clock", "readInstanceClock"],
  ["post", "/instance-clock/advance", "advanceInstanceClock"],
  ["get", "/reset", "previewReset"],
  ["post", "/reset", "resetMaster"],
  ["get", "/operations", "listInjectableOperations"],
  ["get", "/fault-rules", "listFaultRules"],
  ["post", "/fault-rules", "createFaultRule"],
  ["delete", "/fault-rules/:ruleId", "deleteFaultRule"],
  ["get", "/journal", "readJournal"],
];

/**
 * The reference service's sandbox controls (docs/sandbox-controls.md): test clocks, fault rules
 * and the request journal. Not operations of the interface: no billing, no rate limits, answers
 * are never cached. A Master's own key controls that Master's family; the operator token
 * (`Authorization: Bearer`) any Master's, named by `masterId`. `SERVICE_SANDBOX_CONTROLS` says
 * which keys they serve; `off` mounts nothing, so every path under the prefix answers 404.
 */
export function mountSandboxControls(app: ServiceApp, service: ServiceContext) {
  if (service.config.sandboxControls === "off") return;
  mountRoutes(
    app,
    CONTROL_ROUTES,
    (name, c) => answerControl(new ControlsRequest(c, service), controlsHandlers[name]),
    SANDBOX_CONTROLS_PREFIX,
  );
}
