ALTER TABLE "listings" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "contact_email" text;