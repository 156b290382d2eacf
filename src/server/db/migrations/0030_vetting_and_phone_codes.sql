-- hand-written: one word for one thing (docs/glossary.md): a moderator's vetting of a volunteer, and
-- the codes that prove a phone number.
ALTER TABLE "users" RENAME COLUMN "verification_refusal" TO "vetting_refusal";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "verification_decided_by" TO "vetting_decided_by";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "verification_decided_at" TO "vetting_decided_at";--> statement-breakpoint
ALTER TABLE "phone_verifications" RENAME TO "phone_codes";--> statement-breakpoint
ALTER TABLE "phone_codes" RENAME CONSTRAINT "phone_verifications_pkey" TO "phone_codes_pkey";--> statement-breakpoint
ALTER TABLE "phone_codes" RENAME CONSTRAINT "phone_verifications_user_id_users_id_fk" TO "phone_codes_user_id_users_id_fk";
