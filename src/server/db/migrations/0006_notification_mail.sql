CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "notification_preferences_type_check" CHECK ("notification_preferences"."type" in ('claim_approved', 'claim_declined', 'request_accepted', 'request_declined', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_handed_back', 'pickup_reminder', 'delivery_reminder', 'collection_check', 'event_updated', 'event_cancelled', 'event_created'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "collection_check_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "food_requests" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "food_requests" ADD COLUMN "collection_check_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_preferences_type_idx" ON "notification_preferences" USING btree ("type") WHERE "notification_preferences"."email";--> statement-breakpoint
CREATE INDEX "claims_confirmed_pickup_idx" ON "claims" USING btree ("pickup_at") WHERE "claims"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "food_requests_confirmed_pickup_idx" ON "food_requests" USING btree ("pickup_at") WHERE "food_requests"."status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('food_request', 'food_claim', 'delivery_request', 'delivery_order', 'delivery_handed_back', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_cancelled', 'order_cancelled', 'event_created', 'event_updated', 'event_joined', 'event_left', 'event_joined_confirmation', 'request_accepted', 'request_declined', 'claim_approved', 'claim_declined', 'claim_approved_donor', 'claim_declined_donor', 'event_cancelled', 'pickup_reminder', 'delivery_reminder', 'collection_check'));