import { z } from "zod";
import { pageInfo, paginationQuery, vdiBaseCode } from "./common";

/** VDI 4081 catalogue: base codes only, no OE assignments. */
export const vdiCatalogQuery = paginationQuery;
export const vdiCatalogResponse = z.looseObject({
  stand: z.string(),
  count: z.number().int().min(0),
  mainGroups: z.array(z.looseObject({})),
  entries: z.array(z.looseObject({ code: vdiBaseCode })),
  page: pageInfo,
});
