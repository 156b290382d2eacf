ALTER TABLE "delivery_requests" ADD COLUMN "drop_off_lat" double precision;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "drop_off_lng" double precision;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "pickup_lat" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "pickup_lng" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_lat" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_lng" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reach_km" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
-- hand-written: a standing offer's point takes the shape of every other point, {lat, lng}.
UPDATE "standing_offers" SET "pickup_point" = jsonb_build_object('lat', "pickup_point"->'latitude', 'lng', "pickup_point"->'longitude') WHERE "pickup_point" ? 'latitude';
