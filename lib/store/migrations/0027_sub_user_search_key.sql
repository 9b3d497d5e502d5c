-- A search asks each chunk for its needle's keys (migration 0024). Made in every chunk by
-- `console_sub_user_search_keys`, a function the planner cannot inline, they cost about 0.075 ms
-- a chunk: most of an id search, which reads all fifty chunks at 100,000 Sub-users (9.4 ms). A
-- search now takes its needle's trigrams once (`console_sub_user_search_grams`) and makes each
-- chunk's keys from them with `console_sub_user_search_key`, which the planner inlines: it is
-- immutable throughout (`chunk::text`; `text || integer` is only stable, and would keep it a
-- call per trigram).
CREATE FUNCTION "console_sub_user_search_grams"(t text, skip text[] DEFAULT '{}')
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}')
    FROM (SELECT substr(t, i, 3) AS g FROM generate_series(1, length(t) - 2) i) trigrams
   WHERE g <> ALL (skip)
      OR NOT EXISTS (SELECT 1 FROM generate_series(1, length(t) - 2) j WHERE substr(t, j, 3) <> ALL (skip));
$$;--> statement-breakpoint
CREATE FUNCTION "console_sub_user_search_key"(master text, chunk integer, gram text)
  RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT hashtextextended(master || ':' || chunk::text || ':' || gram, 0);
$$;--> statement-breakpoint
-- The rows' keys: what they were, their hash now `console_sub_user_search_key`. (Made of
-- `console_sub_user_search_grams` instead, two calls deep, a rewrite of 100,000 rows took 13 s
-- against 3.5; a test holds the two trigram rules the same.)
CREATE OR REPLACE FUNCTION "console_sub_user_search_keys"(master text, chunk integer, t text, skip text[] DEFAULT '{}')
  RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT console_sub_user_search_key(master, chunk, g)), '{}')
    FROM (SELECT substr(t, i, 3) AS g FROM generate_series(1, length(t) - 2) i) trigrams
   WHERE g <> ALL (skip)
      OR NOT EXISTS (SELECT 1 FROM generate_series(1, length(t) - 2) j WHERE substr(t, j, 3) <> ALL (skip));
$$;
