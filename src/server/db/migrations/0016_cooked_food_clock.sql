ALTER TABLE "listings" ADD COLUMN "prepared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "storage" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "safe_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_storage_check" CHECK ("listings"."storage" is null or "listings"."storage" in ('hot', 'chilled', 'room'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_food_clock_check" CHECK (("listings"."prepared_at" is null) = ("listings"."storage" is null) and ("listings"."prepared_at" is null) = ("listings"."safe_until" is null));