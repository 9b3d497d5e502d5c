import "server-only";
import { type ServiceApi } from "@/lib/api/client";
import { subUsersPage } from "@/lib/sub-users/sub-user-index";
import { subUsersForPage } from "@/app/(console)/sub-users/_lib/sub-users-for-page";
import { type BeneficiaryChoices } from "./beneficiary-search";

/**
 * The Sub-users a grant form offers as its beneficiary at first: one page of them by name (all
 * of them for most Masters), with `current` among them when it is one. A Master with more finds
 * the others by a search on the console's server: 10,000 of them in the form were 1.8 MB of HTML.
 */
export async function beneficiaryChoices(
  api: ServiceApi,
  masterId: string,
  current?: string | null,
): Promise<BeneficiaryChoices> {
  await subUsersForPage(api, masterId);
  const params = { q: "", status: "all", sort: "name-asc", page: 1 } as const;
  const first = await subUsersPage(masterId, params);
  const options = first.items.map((u) => ({ id: u.id, name: u.name ?? u.id }));
  if (current && !options.some((o) => o.id === current)) {
    // The search matches ids too.
    const found = await subUsersPage(masterId, { ...params, q: current });
    const user = found.items.find((u) => u.id === current);
    if (user) options.unshift({ id: user.id, name: user.name ?? user.id });
  }
  return { options, total: first.total };
}
