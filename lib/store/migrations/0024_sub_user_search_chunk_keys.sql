-- Searches read a Master's name order one chunk at a time (see `subUserSearchChunks` in
-- schema.ts). A row's keys are its haystack's trigrams (every three characters in a row, spaces
-- and all), each hashed with the Master and the row's chunk: a needle's own trigrams, hashed the
-- same way, are all among the keys of every row of that chunk it is found in, so
-- `keys @> console_sub_user_search_keys(master, chunk, needle, common)` finds a chunk's
-- candidates in the GIN index, and `strpos` keeps the matches (a hash that collides only adds a
-- candidate). A needle leaves out the trigrams most of the Master's rows hold (`skip`): they
-- select nothing, and reading their long lists in every chunk cost an id search ("cl_s000042",
-- every id's "cl_", "_s0", "000") 10 ms at 100,000 Sub-users. A needle of nothing else keeps all.
CREATE FUNCTION "console_sub_user_search_keys"(master text, chunk integer, t text, skip text[] DEFAULT '{}')
  RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT hashtextextended(master || ':' || chunk || ':' || g, 0)), '{}')
    FROM (SELECT substr(t, i, 3) AS g FROM generate_series(1, length(t) - 2) i) trigrams
   WHERE g <> ALL (skip)
      OR NOT EXISTS (SELECT 1 FROM generate_series(1, length(t) - 2) j WHERE substr(t, j, 3) <> ALL (skip));
$$;--> statement-breakpoint
-- The chunk a row joins: the last that begins at or before it in name order (chunk 0 begins
-- before every name).
CREATE FUNCTION "console_sub_user_search_chunk"(of_master text, of_name_key text, of_id text) RETURNS integer
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(max(chunk), 0) FROM console_sub_user_search_chunks
   WHERE master_id = of_master
     AND (name_key COLLATE "C" < of_name_key COLLATE "C"
          OR (name_key = of_name_key AND sub_user_id COLLATE "C" <= of_id COLLATE "C"));
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "console_sub_user_search_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM console_sub_user_search_lock(m.master_id, false)
     FROM (SELECT DISTINCT master_id FROM added_rows ORDER BY 1) m;
  INSERT INTO console_sub_user_search_chunks (master_id, chunk, name_key, sub_user_id)
    SELECT DISTINCT master_id, 0, '', '' FROM added_rows ON CONFLICT DO NOTHING;
  INSERT INTO console_sub_user_search
      (master_id, sub_user_id, name_key, haystack, is_active, created_at, chunk, keys)
    SELECT n.master_id, n.sub_user_id, n.name_key, n.haystack, n.is_active, n.created_at, n.chunk,
           console_sub_user_search_keys(n.master_id, n.chunk, n.haystack)
      FROM (SELECT a.*, console_sub_user_search_chunk(a.master_id, a.name_key, a.sub_user_id) AS chunk
              FROM added_rows a) n
  ON CONFLICT (master_id, sub_user_id) DO UPDATE SET
    name_key = excluded.name_key, haystack = excluded.haystack, is_active = excluded.is_active,
    created_at = excluded.created_at, chunk = excluded.chunk, keys = excluded.keys;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "console_sub_user_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM console_sub_user_search_lock(m.master_id, false)
     FROM (SELECT master_id FROM former_rows UNION SELECT master_id FROM changed_rows ORDER BY 1) m;
  -- A row whose key changed (no console write does; an operator's fix might) leaves its old copy.
  DELETE FROM console_sub_user_search s USING former_rows o
   WHERE s.master_id = o.master_id AND s.sub_user_id = o.sub_user_id
     AND NOT EXISTS (SELECT 1 FROM changed_rows n
                      WHERE n.master_id = o.master_id AND n.sub_user_id = o.sub_user_id);
  INSERT INTO console_sub_user_search_chunks (master_id, chunk, name_key, sub_user_id)
    SELECT DISTINCT master_id, 0, '', '' FROM changed_rows ON CONFLICT DO NOTHING;
  -- Rows whose searched columns changed, or under a new key: a key issued or a refresh's other
  -- news moves none. A renamed row joins the chunk its new name falls in.
  INSERT INTO console_sub_user_search
      (master_id, sub_user_id, name_key, haystack, is_active, created_at, chunk, keys)
    SELECT n.master_id, n.sub_user_id, n.name_key, n.haystack, n.is_active, n.created_at, n.chunk,
           console_sub_user_search_keys(n.master_id, n.chunk, n.haystack)
      FROM (SELECT c.*, console_sub_user_search_chunk(c.master_id, c.name_key, c.sub_user_id) AS chunk
              FROM changed_rows c LEFT JOIN former_rows o USING (master_id, sub_user_id)
             WHERE (c.name_key, c.haystack, c.is_active, c.created_at)
                   IS DISTINCT FROM (o.name_key, o.haystack, o.is_active, o.created_at)) n
  ON CONFLICT (master_id, sub_user_id) DO UPDATE SET
    name_key = excluded.name_key, haystack = excluded.haystack, is_active = excluded.is_active,
    created_at = excluded.created_at, chunk = excluded.chunk, keys = excluded.keys;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The rewrite (run alone, see migration 0022) cuts the name order into chunks again: about fifty,
-- of at least 2,000 rows (`rows_per_chunk` for a test's small list), so a search reads a few
-- dozen chunks at most and sorts no more than one chunk's matches at a time.
DROP FUNCTION "console_sub_user_search_rewrite"(text);--> statement-breakpoint
CREATE FUNCTION "console_sub_user_search_rewrite"(master text, rows_per_chunk integer DEFAULT NULL)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  per_chunk integer;
BEGIN
  PERFORM console_sub_user_search_lock(master, true);
  SELECT coalesce(rows_per_chunk, greatest(2000, ceil(count(*) / 50.0)::integer)) INTO per_chunk
    FROM console_sub_users WHERE master_id = master;
  DELETE FROM console_sub_user_search WHERE master_id = master;
  DELETE FROM console_sub_user_search_chunks WHERE master_id = master;
  INSERT INTO console_sub_user_search
      (master_id, sub_user_id, name_key, haystack, is_active, created_at, chunk, keys)
    SELECT o.master_id, o.sub_user_id, o.name_key, o.haystack, o.is_active, o.created_at, o.chunk,
           console_sub_user_search_keys(o.master_id, o.chunk, o.haystack)
      FROM (SELECT u.*, ((row_number() OVER (ORDER BY u.name_key COLLATE "C", u.sub_user_id COLLATE "C") - 1)
                         / per_chunk)::integer AS chunk
              FROM console_sub_users u WHERE u.master_id = master) o
     ORDER BY o.name_key COLLATE "C", o.sub_user_id COLLATE "C"
  ON CONFLICT (master_id, sub_user_id) DO UPDATE SET
    name_key = excluded.name_key, haystack = excluded.haystack, is_active = excluded.is_active,
    created_at = excluded.created_at, chunk = excluded.chunk, keys = excluded.keys;
  -- The trigrams more than half of 2,000 of its rows, drawn at random, hold.
  INSERT INTO console_sub_user_search_chunks (master_id, chunk, name_key, sub_user_id, common)
    SELECT master, 0, '', '', coalesce(array_agg(g ORDER BY g), '{}')
      FROM (SELECT g FROM (SELECT haystack FROM console_sub_users WHERE master_id = master
                            ORDER BY random() LIMIT 2000) drawn,
                   LATERAL (SELECT DISTINCT substr(haystack, i, 3) AS g
                              FROM generate_series(1, length(haystack) - 2) i) trigrams
             GROUP BY g
            HAVING count(*) * 2 > (SELECT least(count(*), 2000) FROM console_sub_users WHERE master_id = master)) held;
  INSERT INTO console_sub_user_search_chunks (master_id, chunk, name_key, sub_user_id)
    SELECT DISTINCT ON (chunk) master_id, chunk, name_key, sub_user_id FROM console_sub_user_search
     WHERE master_id = master AND chunk > 0
     ORDER BY chunk, name_key COLLATE "C", sub_user_id COLLATE "C";
END $$;--> statement-breakpoint
SELECT "console_sub_user_search_rewrite"(master_id) FROM (SELECT DISTINCT master_id FROM "console_sub_users") m;
