ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "food_request_id" uuid;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_food_request_id_food_requests_id_fk" FOREIGN KEY ("food_request_id") REFERENCES "public"."food_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_requests_claim_idx" ON "delivery_requests" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_requests_food_request_idx" ON "delivery_requests" USING btree ("food_request_id");--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_quantity_check" CHECK ("delivery_requests"."quantity" >= 1);--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_one_order_check" CHECK ("delivery_requests"."claim_id" is null or "delivery_requests"."food_request_id" is null);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('food_request', 'food_claim', 'delivery_request', 'delivery_order', 'delivery_handed_back', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_cancelled', 'order_cancelled', 'event_created', 'event_updated', 'event_joined', 'event_left', 'event_joined_confirmation', 'request_accepted', 'request_declined', 'claim_approved', 'claim_declined', 'claim_approved_donor', 'claim_declined_donor'));