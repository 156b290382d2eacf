DROP INDEX "listings_title_trgm_idx";--> statement-breakpoint
DROP INDEX "listings_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("listings"."title" || ' ' || "listings"."description")) STORED;--> statement-breakpoint
CREATE INDEX "listings_status_type_idx" ON "listings" USING btree ("status","type","price","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_status_district_expires_idx" ON "listings" USING btree ("status","pickup_district","expires_at");--> statement-breakpoint
CREATE INDEX "listings_created_idx" ON "listings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "listings_search_trgm_idx" ON "listings" USING gin ("search_text" gin_trgm_ops);