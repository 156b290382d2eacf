-- Hand-written notes, to keep when this migration is regenerated (issue 30, search in any script):
-- * The keys are matched by full-text search ('simple' configuration, built into PostgreSQL and
--   PGlite alike), through the expression index below; pg_trgm (0000_init, loaded into PGlite from
--   @electric-sql/pglite/contrib/pg_trgm in src/server/db/client.ts) still serves the typed substring.
-- * No SQL backfill: the keys come from src/shared/transliteration.ts (Sinhala and Tamil to Latin, then
--   phonetic keys), which SQL cannot run. Rows older than the column keep search_key null and every
--   start fills them in batches (fillSearchKeys, src/server/db/reference-data.ts), found through
--   listings_search_key_missing_idx.
ALTER TABLE "listings" ADD COLUMN "search_key" text;--> statement-breakpoint
CREATE INDEX "listings_search_key_fts_idx" ON "listings" USING gin (to_tsvector('simple', "search_key"));--> statement-breakpoint
CREATE INDEX "listings_search_key_missing_idx" ON "listings" USING btree ("id") WHERE "listings"."search_key" is null;