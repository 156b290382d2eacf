ALTER TABLE "listings" DROP CONSTRAINT "listings_allergens_check";--> statement-breakpoint
-- Hand-written data migration (keep when regenerating): 'nuts' named peanuts and tree nuts at once,
-- so a listing that declared it declares both now (docs/decisions/0022-nine-allergens.md).
UPDATE "listings" SET "allergens" = array_remove("allergens", 'nuts') || ARRAY['tree_nuts', 'peanuts']::text[], "version" = "version" + 1 WHERE 'nuts' = ANY("allergens");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_allergens_check" CHECK ("listings"."allergens" <@ array['gluten', 'dairy', 'eggs', 'tree_nuts', 'peanuts', 'soy', 'fish', 'shellfish', 'sesame']::text[]);
