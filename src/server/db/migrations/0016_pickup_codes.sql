ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "wrong_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "code_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "handover_verified" boolean;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "unverified_reason" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "weight_kg" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "food_requests" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "food_requests" ADD COLUMN "wrong_code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "food_requests" ADD COLUMN "code_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "food_requests" ADD COLUMN "handover_verified" boolean;--> statement-breakpoint
ALTER TABLE "food_requests" ADD COLUMN "unverified_reason" text;--> statement-breakpoint
ALTER TABLE "food_requests" ADD COLUMN "weight_kg" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "food_requests" ADD COLUMN "cash_paid" integer;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_weight_check" CHECK ("claims"."weight_kg" > 0);--> statement-breakpoint
ALTER TABLE "food_requests" ADD CONSTRAINT "food_requests_weight_check" CHECK ("food_requests"."weight_kg" > 0);--> statement-breakpoint
ALTER TABLE "food_requests" ADD CONSTRAINT "food_requests_cash_check" CHECK ("food_requests"."cash_paid" >= 0);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('food_request', 'food_claim', 'delivery_request', 'delivery_order', 'delivery_handed_back', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_cancelled', 'order_cancelled', 'event_created', 'event_updated', 'event_joined', 'event_left', 'event_joined_confirmation', 'request_accepted', 'request_declined', 'claim_approved', 'claim_declined', 'claim_approved_donor', 'claim_declined_donor', 'event_cancelled', 'pickup_reminder', 'delivery_reminder', 'collection_check', 'order_not_collected', 'pickup_code_locked', 'report_received', 'report_actioned', 'report_dismissed', 'order_removed', 'content_hidden', 'content_unhidden', 'user_warned', 'user_suspended', 'suspension_lifted', 'volunteer_verified', 'volunteer_refused'));--> statement-breakpoint
-- Hand-written (issue 29, docs/decisions/0047-pickup-codes.md); re-apply if this migration is
-- regenerated: orders approved before pickup codes existed get one now, so their recipients have a
-- code to show and their donors can complete them with it.
UPDATE "claims" SET "pickup_code" = lpad(floor(random() * 1000000)::int::text, 6, '0') WHERE "status" = 'confirmed' AND "pickup_code" IS NULL;--> statement-breakpoint
UPDATE "food_requests" SET "pickup_code" = lpad(floor(random() * 1000000)::int::text, 6, '0') WHERE "status" = 'confirmed' AND "pickup_code" IS NULL;
