CREATE TABLE "standing_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"quantity" integer,
	"listing_id" uuid,
	"asked_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"posted_by_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" uuid,
	"quantity" integer NOT NULL,
	"type" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"dietary" text[] DEFAULT '{}'::text[] NOT NULL,
	"allergens" text[] DEFAULT '{}'::text[] NOT NULL,
	"preparation_notes" text,
	"storage" text,
	"days" text[] NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"pickup_address" text NOT NULL,
	"pickup_city" text NOT NULL,
	"pickup_district" text NOT NULL,
	"pickup_point" jsonb,
	"safety_checklist" jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"paused_until" date,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_offers_quantity_check" CHECK ("standing_offers"."quantity" between 1 and 10000),
	CONSTRAINT "standing_offers_type_check" CHECK ("standing_offers"."type" in ('free', 'half-price'))
);
--> statement-breakpoint
CREATE TABLE "standing_reservations" (
	"taker_id" uuid NOT NULL,
	"date" date NOT NULL,
	"order_kind" text,
	"order_id" uuid,
	"skipped" boolean DEFAULT false NOT NULL,
	CONSTRAINT "standing_reservations_taker_id_date_pk" PRIMARY KEY("taker_id","date")
);
--> statement-breakpoint
CREATE TABLE "standing_takers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "standing_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "standing_occurrences" ADD CONSTRAINT "standing_occurrences_offer_id_standing_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."standing_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_occurrences" ADD CONSTRAINT "standing_occurrences_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_offers" ADD CONSTRAINT "standing_offers_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_offers" ADD CONSTRAINT "standing_offers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_reservations" ADD CONSTRAINT "standing_reservations_taker_id_standing_takers_id_fk" FOREIGN KEY ("taker_id") REFERENCES "public"."standing_takers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_takers" ADD CONSTRAINT "standing_takers_offer_id_standing_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."standing_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_takers" ADD CONSTRAINT "standing_takers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_occurrences_offer_date_idx" ON "standing_occurrences" USING btree ("offer_id","date");--> statement-breakpoint
CREATE INDEX "standing_offers_donor_idx" ON "standing_offers" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "standing_offers_district_idx" ON "standing_offers" USING btree ("pickup_district");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_takers_offer_user_idx" ON "standing_takers" USING btree ("offer_id","user_id");--> statement-breakpoint
CREATE INDEX "standing_takers_user_idx" ON "standing_takers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_type_check" CHECK ("notification_preferences"."type" in ('claim_approved', 'claim_declined', 'request_accepted', 'request_declined', 'order_not_collected', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_handed_back', 'pickup_reminder', 'delivery_reminder', 'collection_check', 'event_updated', 'event_cancelled', 'event_created', 'first_refusal_offer', 'message_received', 'standing_confirm'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('food_request', 'food_claim', 'delivery_request', 'delivery_order', 'delivery_handed_back', 'delivery_unreachable', 'delivery_assigned', 'delivery_picked_up', 'delivery_completed', 'delivery_cancelled', 'order_cancelled', 'event_created', 'event_updated', 'event_joined', 'event_left', 'event_joined_confirmation', 'request_accepted', 'request_declined', 'claim_approved', 'claim_declined', 'claim_approved_donor', 'claim_declined_donor', 'event_cancelled', 'pickup_reminder', 'delivery_reminder', 'collection_check', 'order_not_collected', 'attendance_confirmed', 'pickup_code_locked', 'report_received', 'report_actioned', 'report_dismissed', 'order_removed', 'content_hidden', 'content_unhidden', 'user_warned', 'user_suspended', 'suspension_lifted', 'volunteer_verified', 'volunteer_refused', 'organisation_verified', 'organisation_refused', 'first_refusal_offer', 'message_received', 'standing_confirm', 'standing_posted_default', 'standing_skipped', 'standing_taker_paused'));