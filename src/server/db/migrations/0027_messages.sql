CREATE TABLE "message_digests" (
	"user_id" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_digests_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_kind" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"quick" text,
	"text" text,
	"via_sms" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_thread_kind_check" CHECK ("messages"."thread_kind" in ('order', 'delivery')),
	CONSTRAINT "messages_quick_check" CHECK ("messages"."quick" is null or "messages"."quick" in ('onMyWay', 'late10', 'here', 'ready', 'cantCome'))
);
--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_check";--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_target_type_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_type_check";--> statement-breakpoint
ALTER TABLE "message_digests" ADD CONSTRAINT "message_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_kind","thread_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_author_idx" ON "messages" USING btree ("author_id","created_at");--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" in ('role_changed', 'listing_hidden', 'listing_unhidden', 'story_hidden', 'story_unhidden', 'event_hidden', 'event_unhidden', 'message_hidden', 'message_unhidden', 'report_dismissed', 'user_warned', 'user_suspended', 'suspension_lifted', 'volunteer_verified', 'volunteer_refused', 'organisation_verified', 'organisation_refused'));--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_target_type_check" CHECK ("moderation_log"."target_type" in ('listing', 'story', 'event', 'user', 'message', 'report'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_type_check" CHECK ("notification_preferences"."type" in ('claim_approved', 'claim_declined', 'request_accepted', 'request_declined', 'order_not_collected', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_handed_back', 'pickup_reminder', 'delivery_reminder', 'collection_check', 'event_updated', 'event_cancelled', 'event_created', 'first_refusal_offer', 'message_received'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('food_request', 'food_claim', 'delivery_request', 'delivery_order', 'delivery_handed_back', 'delivery_unreachable', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_cancelled', 'order_cancelled', 'event_created', 'event_updated', 'event_joined', 'event_left', 'event_joined_confirmation', 'request_accepted', 'request_declined', 'claim_approved', 'claim_declined', 'claim_approved_donor', 'claim_declined_donor', 'event_cancelled', 'pickup_reminder', 'delivery_reminder', 'collection_check', 'order_not_collected', 'attendance_confirmed', 'pickup_code_locked', 'report_received', 'report_actioned', 'report_dismissed', 'order_removed', 'content_hidden', 'content_unhidden', 'user_warned', 'user_suspended', 'suspension_lifted', 'volunteer_verified', 'volunteer_refused', 'organisation_verified', 'organisation_refused', 'first_refusal_offer', 'message_received'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('listing', 'story', 'event', 'user', 'message'));