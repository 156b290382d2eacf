-- hand-written: contact numbers stored as E.164 (+94 and nine digits), as src/shared/phone.ts now
-- writes them (docs/decisions/0060-phone-numbers.md). A number typed 0…, +94…, 0094… or 94…
-- with spaces, dashes, dots or brackets becomes +94…; anything else stays as it was typed (it is
-- shown as it is, and the form asks for a Sri Lankan number the next time it is saved).
UPDATE "users" SET "phone" = '+94' || right(regexp_replace("phone", '[[:space:]().-]', '', 'g'), 9) WHERE regexp_replace("phone", '[[:space:]().-]', '', 'g') ~ '^(\+94|0094|94|0)?[1-9][0-9]{8}$';--> statement-breakpoint
UPDATE "listings" SET "contact_phone" = '+94' || right(regexp_replace("contact_phone", '[[:space:]().-]', '', 'g'), 9) WHERE regexp_replace("contact_phone", '[[:space:]().-]', '', 'g') ~ '^(\+94|0094|94|0)?[1-9][0-9]{8}$';--> statement-breakpoint
UPDATE "claims" SET "phone" = '+94' || right(regexp_replace("phone", '[[:space:]().-]', '', 'g'), 9) WHERE regexp_replace("phone", '[[:space:]().-]', '', 'g') ~ '^(\+94|0094|94|0)?[1-9][0-9]{8}$';--> statement-breakpoint
UPDATE "food_requests" SET "phone" = '+94' || right(regexp_replace("phone", '[[:space:]().-]', '', 'g'), 9) WHERE regexp_replace("phone", '[[:space:]().-]', '', 'g') ~ '^(\+94|0094|94|0)?[1-9][0-9]{8}$';--> statement-breakpoint
UPDATE "delivery_requests" SET "phone" = '+94' || right(regexp_replace("phone", '[[:space:]().-]', '', 'g'), 9) WHERE regexp_replace("phone", '[[:space:]().-]', '', 'g') ~ '^(\+94|0094|94|0)?[1-9][0-9]{8}$';
