import * as vdi from "./vdi";
import { defineGroup, row } from "./operation";

// prettier-ignore
export const vdiOperations = defineGroup("vdi", {
  getVdiCatalog: row("GET /vdi", "vdi_catalog", "VDI 4081 catalogue (paged)", { agent: { tool: "vdi.get_catalog" }, billable: true, request: { query: vdi.vdiCatalogQuery }, responses: { 200: vdi.vdiCatalogResponse } }),
});
