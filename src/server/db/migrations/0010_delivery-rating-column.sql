ALTER TABLE "delivery_requests" DROP CONSTRAINT "delivery_requests_rating_check";--> statement-breakpoint
ALTER TABLE "delivery_requests" DROP COLUMN "rating";