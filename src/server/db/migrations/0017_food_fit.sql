-- Hand-written notes, to keep when this migration is regenerated (issue 30: the cooked-food clock, dietary tags, search in any script):
-- * The keys are matched by full-text search ('simple' configuration, built into PostgreSQL and
--   PGlite alike), through the expression index below; pg_trgm (0000_init, loaded into PGlite from
--   @electric-sql/pglite/contrib/pg_trgm in src/server/db/client.ts) still serves the typed substring.
-- * No SQL backfill: the keys come from src/shared/transliteration.ts (Sinhala and Tamil to Latin, then
--   phonetic keys), which SQL cannot run. Rows older than the column keep search_key null and every
--   start fills them in batches (fillSearchKeys, src/server/db/reference-data.ts), found through
--   listings_search_key_missing_idx.
ALTER TABLE "listings" ADD COLUMN "prepared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "storage" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "safe_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "dietary" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "diet" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_search_key_fts_idx" ON "listings" USING gin (to_tsvector('simple', "search_key"));--> statement-breakpoint
CREATE INDEX "listings_search_key_missing_idx" ON "listings" USING btree ("id") WHERE "listings"."search_key" is null;--> statement-breakpoint
CREATE INDEX "listings_dietary_idx" ON "listings" USING gin ("dietary");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_storage_check" CHECK ("listings"."storage" is null or "listings"."storage" in ('hot', 'chilled', 'room'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_food_clock_check" CHECK (("listings"."prepared_at" is null) = ("listings"."storage" is null) and ("listings"."prepared_at" is null) = ("listings"."safe_until" is null));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_dietary_check" CHECK ("listings"."dietary" <@ array['vegetarian', 'vegan', 'halal', 'contains-beef', 'contains-pork', 'contains-egg', 'contains-fish']::text[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_diet_check" CHECK ("users"."diet" <@ array['vegetarian', 'vegan', 'halal', 'no-beef', 'no-pork']::text[]);