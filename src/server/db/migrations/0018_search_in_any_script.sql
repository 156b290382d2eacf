-- Hand-written notes, to keep when this migration is regenerated (issue 30, search in any script):
-- * pg_trgm is already created by 0000_init (PGlite loads it from @electric-sql/pglite/contrib/pg_trgm,
--   src/server/db/client.ts); the trigram GIN index below needs nothing more on either database.
-- * No SQL backfill: the keys come from src/shared/transliteration.ts (Sinhala and Tamil to Latin, then
--   phonetic keys), which SQL cannot run. Rows older than the column keep search_key null and every
--   start fills them in batches (fillSearchKeys, src/server/db/reference-data.ts), found through
--   listings_search_key_missing_idx.
ALTER TABLE "listings" ADD COLUMN "search_key" text;--> statement-breakpoint
CREATE INDEX "listings_search_key_trgm_idx" ON "listings" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_search_key_missing_idx" ON "listings" USING btree ("id") WHERE "listings"."search_key" is null;