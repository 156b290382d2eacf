CREATE TABLE "organisations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"registration_number" text NOT NULL,
	"capacity" integer NOT NULL,
	"contact_person" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"refusal" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_kind_check" CHECK ("organisations"."kind" in ('childrens-home', 'elders-home', 'community-kitchen', 'religious', 'ngo')),
	CONSTRAINT "organisations_capacity_check" CHECK ("organisations"."capacity" >= 1 and "organisations"."capacity" <= 5000)
);
--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "kind" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "volunteers_wanted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "institutions_first_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_report_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisations_verified_idx" ON "organisations" USING btree ("is_verified");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_kind_check" CHECK ("events"."kind" in ('general', 'dansal'));--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" in ('role_changed', 'listing_hidden', 'listing_unhidden', 'story_hidden', 'story_unhidden', 'event_hidden', 'event_unhidden', 'report_dismissed', 'user_warned', 'user_suspended', 'suspension_lifted', 'volunteer_verified', 'volunteer_refused', 'organisation_verified', 'organisation_refused'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_type_check" CHECK ("notification_preferences"."type" in ('claim_approved', 'claim_declined', 'request_accepted', 'request_declined', 'order_not_collected', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_handed_back', 'pickup_reminder', 'delivery_reminder', 'collection_check', 'event_updated', 'event_cancelled', 'event_created', 'first_refusal_offer'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('food_request', 'food_claim', 'delivery_request', 'delivery_order', 'delivery_handed_back', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_cancelled', 'order_cancelled', 'event_created', 'event_updated', 'event_joined', 'event_left', 'event_joined_confirmation', 'request_accepted', 'request_declined', 'claim_approved', 'claim_declined', 'claim_approved_donor', 'claim_declined_donor', 'event_cancelled', 'pickup_reminder', 'delivery_reminder', 'collection_check', 'order_not_collected', 'pickup_code_locked', 'report_received', 'report_actioned', 'report_dismissed', 'order_removed', 'content_hidden', 'content_unhidden', 'user_warned', 'user_suspended', 'suspension_lifted', 'volunteer_verified', 'volunteer_refused', 'organisation_verified', 'organisation_refused', 'first_refusal_offer'));