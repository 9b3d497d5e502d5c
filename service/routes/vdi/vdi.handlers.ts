import { type HandlerMap } from "../../context";
import { ok } from "../../core";
import { VDI_ENTRIES, VDI_MAIN_GROUPS, VDI_STAND } from "../../data/parts-catalog";
import { pageOf } from "../paging";

export const vdiHandlers = {
  async getVdiCatalog({ input }) {
    const { slice, page: info } = pageOf(VDI_ENTRIES, input.query.limit, input.query.offset);
    return ok({
      stand: VDI_STAND,
      count: VDI_ENTRIES.length,
      mainGroups: VDI_MAIN_GROUPS,
      entries: slice,
      page: info,
    });
  },
} satisfies HandlerMap;
