-- A rewrite of a Master's search rows runs alone: it holds the Master's lock (an advisory one,
-- keyed by its id) to its transaction's end, and every trigger that keeps the search waits for it
-- before it writes, then reads the rows as the rewrite left them. (A delete that ran beside a
-- rewrite left the rewrite's copy of its row behind.)
CREATE FUNCTION "console_sub_user_search_lock"(master text, alone boolean) RETURNS void LANGUAGE sql AS $$
  SELECT CASE WHEN alone
    THEN pg_advisory_xact_lock(hashtextextended('console_sub_user_search:' || master, 0))
    ELSE pg_advisory_xact_lock_shared(hashtextextended('console_sub_user_search:' || master, 0)) END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "console_sub_user_search_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM console_sub_user_search_lock(m.master_id, false)
     FROM (SELECT DISTINCT master_id FROM added_rows ORDER BY 1) m;
  INSERT INTO console_sub_user_search (master_id, sub_user_id, name_key, haystack, is_active, created_at)
    SELECT n.master_id, n.sub_user_id, n.name_key, n.haystack, n.is_active, n.created_at FROM added_rows n
  ON CONFLICT (master_id, sub_user_id) DO UPDATE SET
    name_key = excluded.name_key, haystack = excluded.haystack,
    is_active = excluded.is_active, created_at = excluded.created_at;
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
  -- Rows whose searched columns changed, or under a new key: a key issued or a refresh's other
  -- news moves none.
  INSERT INTO console_sub_user_search (master_id, sub_user_id, name_key, haystack, is_active, created_at)
    SELECT n.master_id, n.sub_user_id, n.name_key, n.haystack, n.is_active, n.created_at
      FROM changed_rows n LEFT JOIN former_rows o USING (master_id, sub_user_id)
     WHERE (n.name_key, n.haystack, n.is_active, n.created_at)
           IS DISTINCT FROM (o.name_key, o.haystack, o.is_active, o.created_at)
  ON CONFLICT (master_id, sub_user_id) DO UPDATE SET
    name_key = excluded.name_key, haystack = excluded.haystack,
    is_active = excluded.is_active, created_at = excluded.created_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "console_sub_user_search_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM console_sub_user_search_lock(m.master_id, false)
     FROM (SELECT DISTINCT master_id FROM removed_rows ORDER BY 1) m;
  DELETE FROM console_sub_user_search s USING removed_rows o
   WHERE s.master_id = o.master_id AND s.sub_user_id = o.sub_user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "console_sub_user_search_rewrite"(master text) RETURNS void LANGUAGE sql AS $$
  SELECT console_sub_user_search_lock(master, true);
  DELETE FROM console_sub_user_search WHERE master_id = master;
  INSERT INTO console_sub_user_search (master_id, sub_user_id, name_key, haystack, is_active, created_at)
    SELECT master_id, sub_user_id, name_key, haystack, is_active, created_at FROM console_sub_users
     WHERE master_id = master ORDER BY name_key COLLATE "C", sub_user_id COLLATE "C"
  ON CONFLICT (master_id, sub_user_id) DO UPDATE SET
    name_key = excluded.name_key, haystack = excluded.haystack,
    is_active = excluded.is_active, created_at = excluded.created_at;
$$;--> statement-breakpoint
-- A final sigma is searched as σ (see `searchText`): "ΚΩΣ" lower-cases to "κως", "ΚΩΣΤΑΣ" to "κωστας".
UPDATE "console_sub_users" SET haystack = replace(haystack, 'ς', 'σ') WHERE strpos(haystack, 'ς') > 0;
