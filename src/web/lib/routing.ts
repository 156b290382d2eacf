/**
 * The router's pure rules (router.tsx uses them): which route an address opens, which link is the
 * current page, where the page scrolls after a navigation
 * (docs/decisions/0040-preact-and-a-small-router.md).
 */

import { matchPath, type Params } from '../../shared/paths'

export type { Params }

export type NavigateOptions = {
  replace?: boolean
  state?: unknown
  /** Keep the scroll position: a tab or filter changed within the page. */
  preventScrollReset?: boolean
}

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string }

export type NavigationAction = 'POP' | 'PUSH' | 'REPLACE'

/** The first route whose path matches; the list ends with a '*' route, so one always does. */
export function matchRoute<R extends { path: string }>(
  routes: readonly R[],
  pathname: string,
): { route: R; params: Params } {
  for (const route of routes) {
    const params = matchPath(route.path, pathname)
    if (params) return { route, params }
  }
  throw new Error(`No route matches ${pathname}: the routes must end with a '*' route`)
}

/** Whether a navigation link to `to` is the current page; the home page only on itself. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path === to) return true
  return !end && to !== '/' && path.startsWith(`${to}/`)
}

/** The location a history entry stands for; entries the app did not make (a #fragment link) get key 'default'. */
export function readHistoryEntry(
  address: { pathname: string; search: string; hash: string },
  entry: unknown,
): Location {
  const { key, usr } = (entry ?? {}) as { key?: unknown; usr?: unknown }
  return {
    pathname: address.pathname,
    search: address.search,
    hash: address.hash,
    state: usr ?? null,
    key: typeof key === 'string' ? key : 'default',
  }
}

export type ScrollTarget =
  | { kind: 'position'; y: number }
  | { kind: 'element'; id: string }
  | { kind: 'none' }

/**
 * Where the window scrolls once a navigation's page shows: back and forward to where that entry was
 * left, a #fragment to its element, a new page to the top unless the navigation keeps the position.
 */
export function scrollAfter(
  navigation: { location: Location; action: NavigationAction; preventScrollReset: boolean },
  positions: Readonly<Record<string, number>>,
): ScrollTarget {
  const { location, action, preventScrollReset } = navigation
  const saved = positions[location.key]
  if (action === 'POP' && saved !== undefined && location.key !== 'default')
    return { kind: 'position', y: saved }
  if (location.hash.length > 1) {
    try {
      return { kind: 'element', id: decodeURIComponent(location.hash.slice(1)) }
    } catch {
      return { kind: 'none' }
    }
  }
  if (action !== 'POP' && !preventScrollReset) return { kind: 'position', y: 0 }
  return { kind: 'none' }
}
