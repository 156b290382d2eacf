CREATE TABLE "donor_listing_counts" (
	"donor_id" text PRIMARY KEY NOT NULL,
	"listings" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donor_listing_counts" ADD CONSTRAINT "donor_listing_counts_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- data: the counts are kept by the database on every write to listings (docs/decisions/0036-listings-at-national-scale.md).
-- Statement triggers with transition tables, so a bulk insert updates each donor's count once.
CREATE FUNCTION "donor_listing_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "donor_listing_counts" ("donor_id", "listings")
		SELECT "donor_id", count(*) FROM "added" GROUP BY "donor_id"
		ON CONFLICT ("donor_id") DO UPDATE SET "listings" = "donor_listing_counts"."listings" + excluded."listings";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "donor_listing_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "donor_listing_counts" SET "listings" = "donor_listing_counts"."listings" - "removed_counts"."n"
		FROM (SELECT "donor_id", count(*) AS "n" FROM "removed" GROUP BY "donor_id") AS "removed_counts"
		WHERE "donor_listing_counts"."donor_id" = "removed_counts"."donor_id";
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- A listing given to another donor (no path does so today) moves from one count to the other.
CREATE FUNCTION "donor_listing_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "donor_listing_counts" SET "listings" = "listings" - 1 WHERE "donor_id" = OLD."donor_id";
	INSERT INTO "donor_listing_counts" ("donor_id", "listings") VALUES (NEW."donor_id", 1)
		ON CONFLICT ("donor_id") DO UPDATE SET "listings" = "donor_listing_counts"."listings" + 1;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "donor_listing_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "donor_listing_counts";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "donor_listing_counts_on_insert" AFTER INSERT ON "listings" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "donor_listing_counts_add"();--> statement-breakpoint
CREATE TRIGGER "donor_listing_counts_on_delete" AFTER DELETE ON "listings" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "donor_listing_counts_remove"();--> statement-breakpoint
CREATE TRIGGER "donor_listing_counts_on_move" AFTER UPDATE OF "donor_id" ON "listings" FOR EACH ROW WHEN (OLD."donor_id" IS DISTINCT FROM NEW."donor_id") EXECUTE FUNCTION "donor_listing_counts_move"();--> statement-breakpoint
CREATE TRIGGER "donor_listing_counts_on_truncate" AFTER TRUNCATE ON "listings" FOR EACH STATEMENT EXECUTE FUNCTION "donor_listing_counts_clear"();--> statement-breakpoint
-- data: the counts of the listings already there.
INSERT INTO "donor_listing_counts" ("donor_id", "listings") SELECT "donor_id", count(*) FROM "listings" GROUP BY "donor_id";
