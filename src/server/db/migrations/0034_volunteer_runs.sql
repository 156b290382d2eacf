CREATE TABLE "run_stops" (
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"delivery_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"leg_km" double precision NOT NULL,
	"eta_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "run_stops_run_id_position_pk" PRIMARY KEY("run_id","position"),
	CONSTRAINT "run_stops_kind_check" CHECK ("run_stops"."kind" in ('pickup', 'dropoff'))
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"volunteer_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"from_lat" double precision,
	"from_lng" double precision,
	"total_km" double precision NOT NULL,
	"total_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "runs_status_check" CHECK ("runs"."status" in ('active', 'completed', 'cancelled')),
	CONSTRAINT "runs_completed_check" CHECK (("runs"."status" = 'completed') = ("runs"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vehicle" text;--> statement-breakpoint
ALTER TABLE "run_stops" ADD CONSTRAINT "run_stops_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_stops" ADD CONSTRAINT "run_stops_delivery_id_delivery_requests_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."delivery_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "run_stops_delivery_kind_idx" ON "run_stops" USING btree ("run_id","delivery_id","kind");--> statement-breakpoint
CREATE INDEX "run_stops_delivery_idx" ON "run_stops" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "runs_volunteer_idx" ON "runs" USING btree ("volunteer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_vehicle_check" CHECK ("users"."vehicle" is null or "users"."vehicle" in ('motorbike', 'three-wheeler'));