/**
 * The element in a page's HTML that carries the data its first render needs, so that the app shows
 * it without asking the API first (docs/decisions/0043-react-and-wouter.md, item 7). The server
 * writes it (src/server/features/listing-page/html.ts); the web app reads it once
 * (src/web/lib/page-data.ts).
 */
export const PAGE_DATA_ID = 'page-data'

/**
 * In the listing page's first screen as the build renders it (src/web/first-screens.tsx), where the
 * server writes the listing's first photo; letters and dashes only, so no renderer escapes it.
 */
export const LISTING_PHOTO_SLOT = 'ahara-listing-photo-slot'
