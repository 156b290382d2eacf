CREATE TABLE "standing_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"taker_id" uuid NOT NULL,
	"volunteer_id" text NOT NULL,
	"days" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "standing_drop_offs" (
	"taker_id" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"district" text NOT NULL,
	"postal_code" text,
	"phone" text NOT NULL,
	"special_instructions" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_drop_offs_district_check" CHECK ("standing_drop_offs"."district" in ('Ampara', 'Anuradhapura', 'Badulla', 'Batticaloa', 'Colombo', 'Galle', 'Gampaha', 'Hambantota', 'Jaffna', 'Kalutara', 'Kandy', 'Kegalle', 'Kilinochchi', 'Kurunegala', 'Mannar', 'Matale', 'Matara', 'Monaragala', 'Mullaitivu', 'Nuwara Eliya', 'Polonnaruwa', 'Puttalam', 'Ratnapura', 'Trincomalee', 'Vavuniya'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "standing_deliveries" ADD CONSTRAINT "standing_deliveries_taker_id_standing_takers_id_fk" FOREIGN KEY ("taker_id") REFERENCES "public"."standing_takers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_deliveries" ADD CONSTRAINT "standing_deliveries_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_drop_offs" ADD CONSTRAINT "standing_drop_offs_taker_id_standing_takers_id_fk" FOREIGN KEY ("taker_id") REFERENCES "public"."standing_takers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_deliveries_taker_idx" ON "standing_deliveries" USING btree ("taker_id");--> statement-breakpoint
CREATE INDEX "standing_deliveries_volunteer_idx" ON "standing_deliveries" USING btree ("volunteer_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('food_request', 'food_claim', 'delivery_request', 'delivery_order', 'delivery_handed_back', 'delivery_unreachable', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_cancelled', 'order_cancelled', 'event_created', 'event_updated', 'event_joined', 'event_left', 'event_joined_confirmation', 'request_accepted', 'request_declined', 'claim_approved', 'claim_declined', 'claim_approved_donor', 'claim_declined_donor', 'event_cancelled', 'pickup_reminder', 'delivery_reminder', 'collection_check', 'order_not_collected', 'attendance_confirmed', 'pickup_code_locked', 'report_received', 'report_actioned', 'report_dismissed', 'order_removed', 'content_hidden', 'content_unhidden', 'user_warned', 'user_suspended', 'suspension_lifted', 'volunteer_verified', 'volunteer_refused', 'organisation_verified', 'organisation_refused', 'first_refusal_offer', 'message_received', 'standing_confirm', 'standing_posted_default', 'standing_skipped', 'standing_taker_paused', 'standing_delivery_assigned', 'standing_delivery_skipped'));