ALTER TABLE "sub_user_list_versions" ADD COLUMN "moved_by" bigint;--> statement-breakpoint
-- A transaction moves a Master's list version once, at its first change, and records its later
-- changes under that version. Moving it again on every row wrote a new version of the same row
-- for each changed Sub-user (10,000 of them when a Master is deactivated), each one slower than
-- the last. The version is still drawn while the row is locked, and the lock is held to commit,
-- so versions still follow the order changes commit in.
CREATE OR REPLACE FUNCTION note_sub_user_list_changes(masters text[], sub_users text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  m text;
  v bigint;
  tx bigint := txid_current();
BEGIN
  FOR m IN SELECT DISTINCT x FROM unnest(masters) AS x WHERE x IS NOT NULL ORDER BY x LOOP
    v := NULL;
    INSERT INTO sub_user_list_versions AS t (master_client_id, version, moved_by)
      VALUES (m, nextval('sub_user_list_version_seq'), tx)
      ON CONFLICT (master_client_id) DO UPDATE
        SET version = nextval('sub_user_list_version_seq'), moved_by = tx
        WHERE t.moved_by IS DISTINCT FROM tx
      RETURNING t.version INTO v;
    -- Already moved by this transaction: the row is locked by it, and its version stands.
    IF v IS NULL THEN
      SELECT t.version INTO v FROM sub_user_list_versions t WHERE t.master_client_id = m;
    END IF;
    INSERT INTO sub_user_list_changes AS c (master_client_id, client_id, version)
      SELECT DISTINCT m, u.sub_user, v FROM unnest(masters, sub_users) AS u(master, sub_user)
       WHERE u.master = m AND u.sub_user IS NOT NULL
      ON CONFLICT (master_client_id, client_id) DO UPDATE SET version = EXCLUDED.version
        WHERE c.version IS DISTINCT FROM EXCLUDED.version;
  END LOOP;
END $$;
