import { type SearchParams } from "@/lib/list-params";
/**
 * What the Parts page shows, read from its address. Values stay as typed: the contract (in the
 * typed client) refuses what is not valid, with its own message next to the field.
 */
export const REFERENCES_PAGE_SIZE = 25;

export type PartsView =
  | { kind: "none" }
  | { kind: "lookup"; oe: string; manufacturer: string }
  | {
      kind: "references";
      oe: string;
      page: number;
      /** The normalised number the lookup found, offered when the number as typed finds nothing. */
      normalized?: string;
    }
  | { kind: "price"; oe: string; condition: string; currency: string; vehicleType: string }
  | { kind: "article"; oe: string; marketplaceId: string; language: string; vehicleType: string };

const text = (s: SearchParams, key: string) => (typeof s[key] === "string" ? s[key].trim() : "");

export function partsViewOf(search: SearchParams): PartsView {
  const oe = text(search, "oe");
  if (!oe) return { kind: "none" };
  switch (text(search, "view")) {
    case "references": {
      const page = Number(text(search, "page"));
      const normalized = text(search, "normalized");
      return {
        kind: "references",
        oe,
        page: Number.isInteger(page) && page > 0 ? page : 1,
        ...(normalized && normalized !== oe ? { normalized } : {}),
      };
    }
    case "price":
      return {
        kind: "price",
        oe,
        condition: text(search, "condition") || "used",
        currency: text(search, "currency").toUpperCase() || "EUR",
        vehicleType: text(search, "vehicleType") || "car",
      };
    case "article":
      return {
        kind: "article",
        oe,
        marketplaceId: text(search, "marketplaceId") || "MARKET_DE",
        language: text(search, "language"),
        vehicleType: text(search, "vehicleType") || "car",
      };
    default:
      return { kind: "lookup", oe, manufacturer: text(search, "manufacturer") };
  }
}

/** The address of one view, for links and paging. */
export function partsHref(view: Exclude<PartsView, { kind: "none" }>): string {
  const { kind, ...rest } = view;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(rest))
    if (v !== "" && v !== undefined) params.set(k, String(v));
  if (kind !== "lookup") params.set("view", kind);
  return `/parts?${params.toString()}`;
}
