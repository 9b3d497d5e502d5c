import type { SubUsersPage } from "@/lib/sub-users/sub-user-index";
import type { SubUsersListParams } from "@/lib/sub-users/sub-user-rows";

/**
 * One page of the Master's Sub-users from the console's server (`/api/sub-users`), for the
 * browser: the list's keystrokes and the grant form's search. A refused answer throws the
 * sentence the caller shows: `failure`, or `expired` once the session has ended.
 */
export async function fetchSubUsersPage(
  params: Partial<SubUsersListParams>,
  { failure, expired, signal }: { failure: string; expired: string; signal?: AbortSignal },
): Promise<SubUsersPage> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`/api/sub-users?${query.toString()}`, { cache: "no-store", signal });
  if (response.status === 401) throw new Error(expired);
  if (!response.ok) throw new Error(failure);
  return response.json() as Promise<SubUsersPage>;
}
