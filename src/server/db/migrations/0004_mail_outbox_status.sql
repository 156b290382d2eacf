ALTER TABLE "mail_outbox" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written data migration: mails recorded before the queue were sent inline (sent_at), failed for good (error), or only logged (no SMTP_URL).
UPDATE "mail_outbox" SET "status" = CASE WHEN "sent_at" IS NOT NULL THEN 'sent' WHEN "error" IS NOT NULL THEN 'dead' ELSE 'logged' END, "attempts" = CASE WHEN "sent_at" IS NOT NULL OR "error" IS NOT NULL THEN 1 ELSE 0 END;
