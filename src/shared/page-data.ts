/**
 * The element in a page's HTML that carries the data its first render needs, so that the app shows
 * it without asking the API first (docs/decisions/0043-react-and-wouter.md, item 7). The server
 * writes it (src/server/features/listing-page/html.ts); the web app reads it once
 * (src/web/lib/page-data.ts).
 */
export const PAGE_DATA_ID = 'page-data'
