CREATE TABLE "sub_user_list_changes" (
	"master_client_id" text NOT NULL,
	"client_id" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "sub_user_list_changes_master_client_id_client_id_pk" PRIMARY KEY("master_client_id","client_id")
);
--> statement-breakpoint
CREATE INDEX "sub_user_list_changes_version_idx" ON "sub_user_list_changes" USING btree ("master_client_id","version");--> statement-breakpoint
-- Moves the list version of each Master given and records which of its Sub-users changed. The
-- version is drawn after the Master's version row is locked (the SET of ON CONFLICT runs once the
-- row is held, and the row stays locked until commit), so a Master's versions follow the order
-- its changes commit in. Masters are taken in id order, so two changes never wait on each other
-- in opposite orders.
CREATE FUNCTION note_sub_user_list_changes(masters text[], sub_users text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  m text;
  v bigint;
BEGIN
  FOR m IN SELECT DISTINCT x FROM unnest(masters) AS x WHERE x IS NOT NULL ORDER BY x LOOP
    INSERT INTO sub_user_list_versions AS t (master_client_id, version)
      VALUES (m, nextval('sub_user_list_version_seq'))
      ON CONFLICT (master_client_id) DO UPDATE SET version = nextval('sub_user_list_version_seq')
      RETURNING t.version INTO v;
    INSERT INTO sub_user_list_changes AS c (master_client_id, client_id, version)
      SELECT DISTINCT m, u.sub_user, v FROM unnest(masters, sub_users) AS u(master, sub_user)
       WHERE u.master = m AND u.sub_user IS NOT NULL
      ON CONFLICT (master_client_id, client_id) DO UPDATE SET version = EXCLUDED.version;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sub_user_lists_clients_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  masters text[];
  sub_users text[];
BEGIN
  SELECT array_agg(parent_id), array_agg(id) INTO masters, sub_users FROM changed;
  PERFORM note_sub_user_list_changes(masters, sub_users);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sub_user_lists_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  masters text[];
  sub_users text[];
BEGIN
  IF TG_TABLE_NAME = 'clients' THEN
    PERFORM note_sub_user_list_changes(ARRAY[OLD.parent_id, NEW.parent_id], ARRAY[OLD.id, NEW.id]);
  ELSE
    SELECT array_agg(parent_id), array_agg(id) INTO masters, sub_users
      FROM clients WHERE id IN (OLD.client_id, NEW.client_id);
    PERFORM note_sub_user_list_changes(masters, sub_users);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sub_user_lists_children_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  masters text[];
  sub_users text[];
BEGIN
  SELECT array_agg(c.parent_id), array_agg(c.id) INTO masters, sub_users
    FROM clients c WHERE c.id IN (SELECT client_id FROM changed);
  PERFORM note_sub_user_list_changes(masters, sub_users);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION bump_sub_user_lists(text[]);
