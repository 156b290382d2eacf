/**
 * The web app's index.html with a listing's title, description and picture in its head (Open Graph
 * and Twitter cards), so a link pasted into WhatsApp or Facebook shows a preview. Crawlers do not
 * run the app: only what the server writes into the HTML counts.
 */
import { LISTING_PHOTO_SLOT, PAGE_DATA_ID } from '../../../shared/page-data'
import type { Listing } from '../../../shared/schemas/listings'
import { withHeadTags } from '../../platform/web-pages'

const DESCRIPTION_LENGTH = 200

/** Text for an HTML attribute or element: the five characters that could end or open markup. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`
}

export type PageMeta = { title: string; description: string; url: string; imageUrl: string | null }

/** The page's meta data: the canonical URL and the first image as absolute URLs under PUBLIC_URL. */
export function listingMeta(listing: Listing, publicUrl: string): PageMeta {
  const first = listing.imageUrls[0]
  return {
    title: `${listing.title} · Ahara`,
    description: summary(listing.description),
    url: `${publicUrl}/listings/${encodeURIComponent(listing.id)}`,
    imageUrl: first ? `${publicUrl}${first}` : null,
  }
}

/** index.html with the page's <title>, description, canonical link and Open Graph / Twitter tags. */
export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title)
  const description = escapeHtml(meta.description)
  const url = escapeHtml(meta.url)
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Ahara" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    ...(meta.imageUrl ? [`<meta property="og:image" content="${escapeHtml(meta.imageUrl)}" />`] : []),
    `<meta name="twitter:card" content="${meta.imageUrl ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(meta.imageUrl ? [`<meta name="twitter:image" content="${escapeHtml(meta.imageUrl)}" />`] : []),
  ]
  // Functions as replacements: a `$&` in a listing's title must stay text.
  const withTitle = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${description}" />`)
  return withHeadTags(withTitle, tags)
}

/**
 * The listing's first picture (or the placeholder) fetched at once with high priority: it is the
 * page's largest paint, and the app would only ask for it after its code and the listing had come.
 */
export function withFirstImage(indexHtml: string, imageUrl: string): string {
  return withHeadTags(indexHtml, [
    `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(imageUrl)}" />`,
  ])
}

/**
 * The listing as `GET /api/listings/:id` gives it to a signed-out reader, in a JSON data block the
 * app renders from at once instead of asking the API after its code has come: the listing's photo
 * was the page's largest paint, over half a second after its first (0043, item 7). A `<` is
 * written as `\u003c`, so nothing the donor wrote can close the element.
 */
export function withListingData(indexHtml: string, listing: Listing): string {
  const json = JSON.stringify(listing).replaceAll('<', '\\u003c')
  return withHeadTags(indexHtml, [`<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`])
}

/**
 * The page's first screen (src/web/first-screens.tsx) with the listing's photo in its slot: the
 * photo paints with the HTML, before any script, in the place the page then keeps it
 * (docs/decisions/0043-react-and-wouter.md, item 7).
 */
export function withPhoto(indexHtml: string, imageUrl: string): string {
  return indexHtml.replaceAll(LISTING_PHOTO_SLOT, () => escapeHtml(imageUrl))
}
