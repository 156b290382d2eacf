import type { DemoListing } from './context'
import food from './food.json'

/**
 * The demo's food, data apart from the code that posts it: first what is on offer on the service
 * day, each with its own window (some donors write in Sinhala or Tamil, as they would), then the
 * food already taken (the wedding rice, claimed today) and past (collected or expired), which gives
 * the dashboards, home cards and impact page real history. The steps find listings by index here.
 */
export const DEMO_LISTINGS = food as DemoListing[]
