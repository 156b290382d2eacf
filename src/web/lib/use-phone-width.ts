import { useSyncExternalStore } from 'react'

/**
 * One MediaQueryList per query for the whole app: React reads a store's snapshot at every render of
 * every component that uses it (each card of a list), and a new list per read cost a page of cards
 * milliseconds on a cheap phone (docs/decisions/0065-light-on-the-cheapest-phone.md, last addendum).
 */
const queries = new Map<string, MediaQueryList>()

function queryOf(media: string): MediaQueryList {
  let query = queries.get(media)
  if (!query) {
    query = window.matchMedia(media)
    queries.set(media, query)
  }
  return query
}

/** Whether a CSS media query matches now (and again whenever that changes). */
export function useMediaQuery(media: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = queryOf(media)
      query.addEventListener('change', onChange)
      return () => query.removeEventListener('change', onChange)
    },
    () => queryOf(media).matches,
  )
}

/** Whether the screen is phone-narrow: below Tailwind's `sm` breakpoint, the layout is a phone's. */
export function usePhoneWidth(): boolean {
  return useMediaQuery('(width < 40rem)')
}
