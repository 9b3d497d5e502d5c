import { z } from "zod";
import { pageInfo, paginationQuery, vdiBaseCode } from "./common";

/**
 * VDI 4081 catalogue: base codes only, no OE assignments. The fields of main groups and the
 * entries' fields beyond `code` are not shown: these are the reference service's, optional.
 */
export const vdiCatalogQuery = paginationQuery;
export const vdiCatalogResponse = z.looseObject({
  stand: z.string(),
  count: z.number().int().min(0),
  mainGroups: z.array(z.looseObject({ code: vdiBaseCode.optional(), name: z.string().optional() })),
  entries: z.array(
    z.looseObject({
      code: vdiBaseCode,
      mainGroup: vdiBaseCode.optional().describe("`code` of the entry's main group"),
      name: z.string().optional(),
    }),
  ),
  page: pageInfo,
});
