ALTER TABLE "users" ADD COLUMN "language_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written: an account already saved in Sinhala or Tamil was put there by its reader (the switcher
-- or the profile, or a sign-up on a phone in that language); it keeps it. English was everyone's
-- default, so it gives way to the device's language at the next sign-in (0064).
UPDATE "users" SET "language_chosen" = true WHERE "language" <> 'en';
--> statement-breakpoint
-- hand-written: the phonetic keys are tighter (vowel classes, src/shared/transliteration.ts; issue 39,
-- item 8): every listing's key is made again by the next start (fillSearchKeys), which fills null keys.
UPDATE "listings" SET "search_key" = NULL;
