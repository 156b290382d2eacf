ALTER TABLE "users" ADD COLUMN "language_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written: an account already saved in Sinhala or Tamil was put there by its reader (the switcher
-- or the profile, or a sign-up on a phone in that language); it keeps it. English was everyone's
-- default, so it gives way to the device's language at the next sign-in (0064).
UPDATE "users" SET "language_chosen" = true WHERE "language" <> 'en';
