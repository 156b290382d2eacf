-- hand-written: a community event's domain events are named communityEvent.* (docs/glossary.md), so
-- "event" alone never means two things; events recorded before keep being delivered under the new name.
UPDATE "domain_events" SET "type" = 'communityEvent.' || substring("type" from 7) WHERE "type" LIKE 'event.%';
--> statement-breakpoint
-- A moderator's decision on a volunteer is volunteerVetting.verified or volunteerVetting.refused.
UPDATE "domain_events" SET "type" = 'volunteerVetting.verified' WHERE "type" = 'verification.granted';--> statement-breakpoint
UPDATE "domain_events" SET "type" = 'volunteerVetting.refused' WHERE "type" = 'verification.refused';
