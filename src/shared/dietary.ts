/**
 * Dietary and religious tags on a listing, and the diets Find Food filters by
 * (docs/decisions/0050-dietary-tags.md). i18n: dietary.tags.<tag>, dietary.filters.<diet>.
 */
export const DIETARY_TAGS = [
  'vegetarian',
  'vegan',
  'halal',
  'contains-beef',
  'contains-pork',
  'contains-egg',
  'contains-fish',
] as const
export type DietaryTag = (typeof DIETARY_TAGS)[number]

/** GET /api/listings?diet=…: what a recipient eats. */
export const DIETS = ['vegetarian', 'vegan', 'halal', 'no-beef', 'no-pork'] as const
export type Diet = (typeof DIETS)[number]

/** Meat and fish: not in vegetarian food. */
const MEAT_AND_FISH: readonly DietaryTag[] = ['contains-beef', 'contains-pork', 'contains-fish']

/** The tags as stored: vegan food is vegetarian too, each tag once, in the list's order. */
export function withImpliedTags(tags: readonly DietaryTag[]): DietaryTag[] {
  const set = new Set(tags)
  if (set.has('vegan')) set.add('vegetarian')
  return DIETARY_TAGS.filter((tag) => set.has(tag))
}

/** Why the tags contradict each other (an i18n key), or null: vegetarian food holds no meat or fish, vegan no egg. */
export function dietaryProblem(tags: readonly DietaryTag[]): string | null {
  const all = withImpliedTags(tags)
  if (all.includes('vegetarian') && all.some((tag) => MEAT_AND_FISH.includes(tag))) {
    return 'listings.errors.vegetarianWithMeat'
  }
  if (all.includes('vegan') && all.includes('contains-egg')) return 'listings.errors.veganWithEgg'
  return null
}

/**
 * What each diet asks of a listing's tags: all of `has`; and for "no beef" / "no pork", food whose
 * donor said what it holds (any tag at all) without that meat. Untagged food may hold anything.
 */
export function dietCondition(diet: Diet): { has?: DietaryTag; excludes?: DietaryTag } {
  switch (diet) {
    case 'no-beef':
      return { excludes: 'contains-beef' }
    case 'no-pork':
      return { excludes: 'contains-pork' }
    default:
      return { has: diet }
  }
}

/** Whether a listing's tags suit every diet asked (the SQL filter does the same; tests compare). */
export function suitsDiets(tags: readonly DietaryTag[], diets: readonly Diet[]): boolean {
  return diets.every((diet) => {
    const { has, excludes } = dietCondition(diet)
    if (has) return tags.includes(has)
    return tags.length > 0 && !tags.includes(excludes!)
  })
}
