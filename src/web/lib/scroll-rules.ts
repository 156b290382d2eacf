/**
 * Where the window scrolls once a navigation's page shows (lib/navigation.tsx), as a browser does
 * between real pages: back and forward to where that entry was left, a #fragment to its element, a
 * new page to the top; a change of the query alone (a tab, a filter) keeps the position.
 */

export const SCROLL_STORAGE_KEY = 'ahara-scroll-positions'

/** The key the app gave a history entry; entries it did not make (a #fragment link) are 'default'. */
export function entryKey(state: unknown): string {
  const key = (state as { key?: unknown } | null)?.key
  return typeof key === 'string' ? key : 'default'
}

export type ScrollTarget =
  | { kind: 'position'; y: number }
  | { kind: 'element'; id: string }
  | { kind: 'none' }

export function scrollAfter(navigation: {
  /** Back or forward. */
  popped: boolean
  /** Where this entry was left, if it was shown before. */
  saved: number | undefined
  hash: string
  /** The path differs from the page shown before (false on the first page of a visit). */
  pathChanged: boolean
}): ScrollTarget {
  const { popped, saved, hash, pathChanged } = navigation
  if (popped && saved !== undefined) return { kind: 'position', y: saved }
  if (hash.length > 1) {
    try {
      return { kind: 'element', id: decodeURIComponent(hash.slice(1)) }
    } catch {
      return { kind: 'none' }
    }
  }
  if (pathChanged) return { kind: 'position', y: 0 }
  return { kind: 'none' }
}

export function readScrollPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}
