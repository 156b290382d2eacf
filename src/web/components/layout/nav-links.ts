/** The header's main links, in their order on every page. */
export const NAV_LINKS = [
  { to: '/', key: 'common.nav.home', end: true },
  { to: '/find-food', key: 'common.nav.findFood', end: false },
  { to: '/donate', key: 'common.nav.donate', end: false },
  { to: '/community', key: 'common.nav.community', end: false },
  { to: '/impact', key: 'common.nav.impact', end: false },
] as const

/**
 * Whether a header link marks `pathname` as its page: its own path and, unless `end` (home), the
 * pages below it. A comparison rather than a compiled route pattern per link and render: the header
 * renders on every page's first task (docs/decisions/0043-react-and-wouter.md).
 */
export function isCurrentPage(pathname: string, to: string, end: boolean): boolean {
  if (pathname === to) return true
  return !end && to !== '/' && pathname.startsWith(`${to}/`)
}
