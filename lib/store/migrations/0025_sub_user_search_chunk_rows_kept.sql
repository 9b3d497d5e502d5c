-- A search reaches a Master's search rows only through their chunks' rows: one deleted by hand
-- (taken for a cache) hid its rows from every search, silently, until the next rewrite. Each
-- search row now names a chunk row that exists; checked at commit, so a rewrite may write its
-- rows before the chunk rows it derives from them.
ALTER TABLE "console_sub_user_search" ADD CONSTRAINT "console_sub_user_search_chunk_fk"
  FOREIGN KEY ("master_id", "chunk") REFERENCES "console_sub_user_search_chunks" ("master_id", "chunk")
  DEFERRABLE INITIALLY DEFERRED;
