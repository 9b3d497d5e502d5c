import { getStore } from "@/lib/store/db";

/**
 * Rows of the index whose search row is missing, left behind or not what the row says: its
 * columns, its chunk (the one its name falls in) or its keys; or one no search reaches, its
 * chunk's row missing (the store refuses that at commit: migration 0025).
 */
export async function searchDiffers(): Promise<number> {
  const db = await getStore();
  const { rows } = await db.$client.query<{ n: number }>(
    `select count(*)::int as n
       from console_sub_users s full join console_sub_user_search t using (master_id, sub_user_id)
      where (s.name_key, s.haystack, s.is_active, s.created_at)
            is distinct from (t.name_key, t.haystack, t.is_active, t.created_at)
         or t.chunk is distinct from console_sub_user_search_chunk(master_id, s.name_key, sub_user_id)
         or t.keys is distinct from console_sub_user_search_keys(master_id, t.chunk, t.haystack)
         or (t.master_id is not null and
             not exists (select 1 from console_sub_user_search_chunks c
                          where c.master_id = t.master_id and c.chunk = t.chunk))`,
  );
  return rows[0]!.n;
}
