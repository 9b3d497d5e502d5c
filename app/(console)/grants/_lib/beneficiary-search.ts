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
  signal?: AbortSignal,
): Promise<{ options: BeneficiaryOption[]; matched: number; more: boolean }> {
  const page = await fetchSubUsersPage(
    { q: query, sort: "name-asc" },
    { failure: "The console could not search the Sub-users. Try again.", signal },
  );
  return {
    options: page.items.map((u) => ({ id: u.id, name: u.name ?? u.id })),
    matched: page.matched,
    more: page.more,
  };
}

/** The line under the search: how much of the list the picker shows. */
export function shownSentence(
  shown: number,
  matched: number,
  searching: boolean,
  more = false,
): string {
  if (searching && matched === 0) return "No Sub-user matches. Another Client can be typed by id.";
  const of = `${shown.toLocaleString("en")} of ${more ? "more than " : ""}${matched.toLocaleString("en")}`;
  return searching
    ? `Showing ${of} matching Sub-users, by name.`
    : `Showing ${of} Sub-users, by name: type a name or id to find the others.`;
}
