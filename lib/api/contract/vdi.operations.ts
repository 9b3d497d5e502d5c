import * as vdi from "./vdi";
import { defineGroup } from "./operation";

export const vdiOperations = defineGroup("vdi", {
  getVdiCatalog: {
    method: "GET",
    path: "/vdi",
    summary: "VDI 4081 catalogue (paged)",
    endpointKey: "vdi_catalog",
    billable: true,
    request: { query: vdi.vdiCatalogQuery },
    responses: { 200: vdi.vdiCatalogResponse },
  },
});
