CREATE TABLE "console_sub_user_search" (
	"master_id" text NOT NULL,
	"sub_user_id" text NOT NULL,
	"name_key" text NOT NULL,
	"haystack" text NOT NULL,
	"is_active" boolean,
	"created_at" timestamp with time zone,
	CONSTRAINT "console_sub_user_search_master_id_sub_user_id_pk" PRIMARY KEY("master_id","sub_user_id")
);
--> statement-breakpoint
DROP INDEX "console_sub_users_search_idx";--> statement-breakpoint
ALTER TABLE "console_sub_user_lists" ADD COLUMN "unordered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "console_sub_user_search_idx" ON "console_sub_user_search" USING gin ("haystack" gin_trgm_ops);--> statement-breakpoint
-- The search table follows its source: one statement per write of the index, whatever its size.
CREATE FUNCTION "console_sub_user_search_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO console_sub_user_search (master_id, sub_user_id, name_key, haystack, is_active, created_at)
    SELECT n.master_id, n.sub_user_id, n.name_key, n.haystack, n.is_active, n.created_at FROM added_rows n
  ON CONFLICT (master_id, sub_user_id) DO UPDATE SET
    name_key = excluded.name_key, haystack = excluded.haystack,
    is_active = excluded.is_active, created_at = excluded.created_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "console_sub_user_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose searched columns changed: a key issued or a refresh's other news moves none.
  INSERT INTO console_sub_user_search (master_id, sub_user_id, name_key, haystack, is_active, created_at)
    SELECT n.master_id, n.sub_user_id, n.name_key, n.haystack, n.is_active, n.created_at
      FROM changed_rows n JOIN former_rows o USING (master_id, sub_user_id)
     WHERE (n.name_key, n.haystack, n.is_active, n.created_at)
           IS DISTINCT FROM (o.name_key, o.haystack, o.is_active, o.created_at)
  ON CONFLICT (master_id, sub_user_id) DO UPDATE SET
    name_key = excluded.name_key, haystack = excluded.haystack,
    is_active = excluded.is_active, created_at = excluded.created_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "console_sub_user_search_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM console_sub_user_search s USING removed_rows o
   WHERE s.master_id = o.master_id AND s.sub_user_id = o.sub_user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "console_sub_user_search_added" AFTER INSERT ON "console_sub_users"
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "console_sub_user_search_added"();--> statement-breakpoint
CREATE TRIGGER "console_sub_user_search_changed" AFTER UPDATE ON "console_sub_users"
  REFERENCING OLD TABLE AS former_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "console_sub_user_search_changed"();--> statement-breakpoint
CREATE TRIGGER "console_sub_user_search_removed" AFTER DELETE ON "console_sub_users"
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "console_sub_user_search_removed"();--> statement-breakpoint
-- A Master's search rows written again in name order (by a refresh, under its lease): each
-- statement reads the index as it then is, so a row the console writes meanwhile is not lost.
CREATE FUNCTION "console_sub_user_search_rewrite"(master text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM console_sub_user_search WHERE master_id = master;
  INSERT INTO console_sub_user_search (master_id, sub_user_id, name_key, haystack, is_active, created_at)
    SELECT master_id, sub_user_id, name_key, haystack, is_active, created_at FROM console_sub_users
     WHERE master_id = master ORDER BY name_key COLLATE "C", sub_user_id COLLATE "C"
  ON CONFLICT (master_id, sub_user_id) DO UPDATE SET
    name_key = excluded.name_key, haystack = excluded.haystack,
    is_active = excluded.is_active, created_at = excluded.created_at;
$$;--> statement-breakpoint
SELECT "console_sub_user_search_rewrite"(master_id) FROM (SELECT DISTINCT master_id FROM "console_sub_users") m;
