ALTER TABLE "listings" ADD COLUMN "dietary" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "diet" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_dietary_idx" ON "listings" USING gin ("dietary");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_dietary_check" CHECK ("listings"."dietary" <@ array['vegetarian', 'vegan', 'halal', 'contains-beef', 'contains-pork', 'contains-egg', 'contains-fish']::text[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_diet_check" CHECK ("users"."diet" <@ array['vegetarian', 'vegan', 'halal', 'no-beef', 'no-pork']::text[]);