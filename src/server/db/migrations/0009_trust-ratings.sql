CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rater_id" text NOT NULL,
	"ratee_id" text NOT NULL,
	"claim_id" uuid,
	"food_request_id" uuid,
	"delivery_id" uuid,
	"score" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_score_check" CHECK ("ratings"."score" between 1 and 5),
	CONSTRAINT "ratings_one_subject_check" CHECK (num_nonnulls("ratings"."claim_id", "ratings"."food_request_id", "ratings"."delivery_id") = 1),
	CONSTRAINT "ratings_not_self_check" CHECK ("ratings"."rater_id" <> "ratings"."ratee_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_refusal" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_decided_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_food_request_id_food_requests_id_fk" FOREIGN KEY ("food_request_id") REFERENCES "public"."food_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_delivery_id_delivery_requests_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."delivery_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_claim_rater_idx" ON "ratings" USING btree ("claim_id","rater_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_food_request_rater_idx" ON "ratings" USING btree ("food_request_id","rater_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_delivery_rater_idx" ON "ratings" USING btree ("delivery_id","rater_id");--> statement-breakpoint
CREATE INDEX "ratings_ratee_idx" ON "ratings" USING btree ("ratee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ratings_rater_idx" ON "ratings" USING btree ("rater_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('food_request', 'food_claim', 'delivery_request', 'delivery_order', 'delivery_handed_back', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_cancelled', 'order_cancelled', 'event_created', 'event_updated', 'event_joined', 'event_left', 'event_joined_confirmation', 'request_accepted', 'request_declined', 'claim_approved', 'claim_declined', 'claim_approved_donor', 'claim_declined_donor', 'event_cancelled', 'pickup_reminder', 'delivery_reminder', 'collection_check', 'order_not_collected', 'report_received', 'report_actioned', 'report_dismissed', 'order_removed', 'content_hidden', 'content_unhidden', 'user_warned', 'user_suspended', 'suspension_lifted', 'volunteer_verified', 'volunteer_refused'));--> statement-breakpoint
-- data: the requesters' ratings of delivered deliveries join the ratings model (docs/decisions/0038-trust-ratings-fair-use.md); the column goes in the next migration.
INSERT INTO "ratings" ("rater_id", "ratee_id", "delivery_id", "score", "created_at")
SELECT "requester_id", "volunteer_id", "id", "rating", coalesce("completed_at", "updated_at")
FROM "delivery_requests"
WHERE "rating" IS NOT NULL AND "volunteer_id" IS NOT NULL AND "volunteer_id" <> "requester_id";
