import "server-only";
import { type z } from "zod";
import { type ServiceApi } from "@/lib/api/client";
import { type vdiCatalogResponse } from "@/lib/api/contract/vdi";
import { attempt, type Outcome } from "@/lib/operations/outcome";

/** The most a look-up reads: the catalogue has no search, so a code is found by paging. */
export const FIND_PAGE_SIZE = 500;
export const FIND_MAX_CALLS = 10;

type Catalogue = z.output<typeof vdiCatalogResponse>;
export interface FoundCode {
  entry: Catalogue["entries"][number] | null;
  stand: string;
  calls: number;
  /** Whether every page was read: `false` means the bound stopped the search. */
  complete: boolean;
}

/**
 * Finds one base code by reading the catalogue in pages of 500 (each page a billed call, each
 * with its receipt; the last one is returned), stopping at the first page that holds it.
 */
export async function findVdiCode(api: ServiceApi, code: string): Promise<Outcome<FoundCode>> {
  let last: Outcome<Catalogue> | null = null;
  for (let call = 0; call < FIND_MAX_CALLS; call++) {
    last = await attempt("getVdiCatalog", () =>
      api.getVdiCatalog({ query: { limit: FIND_PAGE_SIZE, offset: call * FIND_PAGE_SIZE } }),
    );
    if (!last.ok) return last;
    const entry = last.data.entries.find((e) => e.code === code) ?? null;
    const more = last.data.page.hasMore === true;
    if (entry || !more)
      return {
        ...last,
        data: { entry, stand: last.data.stand, calls: call + 1, complete: !more || !!entry },
      };
  }
  const data = last as Extract<Outcome<Catalogue>, { ok: true }>;
  return {
    ...data,
    data: { entry: null, stand: data.data.stand, calls: FIND_MAX_CALLS, complete: false },
  };
}
