import { fetchSubUsersPage } from "@/app/(console)/sub-users/_lib/fetch-sub-users-page";

export interface BeneficiaryOption {
  id: string;
  name: string;
}

/** What a grant form offers as its beneficiary, and how many Sub-users there are in all. */
export interface BeneficiaryChoices {
  options: BeneficiaryOption[];
  total: number;
}

/** Sub-users whose name or id matches `query`, one page by name, from the console's server. */
export async function searchBeneficiaries(
  query: string,
  words: { failure: string; expired: string },
  signal?: AbortSignal,
): Promise<{ options: BeneficiaryOption[]; matched: number; more: boolean }> {
  const page = await fetchSubUsersPage({ q: query, sort: "name-asc" }, { ...words, signal });
  return {
    options: page.items.map((u) => ({ id: u.id, name: u.name ?? u.id })),
    matched: page.matched,
    more: page.more,
  };
}

/** The line under the search: how much of the list the picker shows (a `grants.search` message). */
export function shownMessage(
  shown: number,
  matched: number,
  searching: boolean,
  more: boolean | undefined,
  count: (n: number) => string,
):
  | { key: "noMatch" }
  | { key: "matching" | "all"; values: { shown: string; matched: string; more: string } } {
  if (searching && matched === 0) return { key: "noMatch" };
  const values = {
    shown: count(shown),
    matched: count(matched),
    more: String(more ?? false),
  };
  return { key: searching ? "matching" : "all", values };
}
