/** The header's main links, in their order on every page. */
export const NAV_LINKS = [
  { to: '/', key: 'common.nav.home' },
  { to: '/find-food', key: 'common.nav.findFood' },
  { to: '/donate', key: 'common.nav.donate' },
  { to: '/community', key: 'common.nav.community' },
  { to: '/impact', key: 'common.nav.impact' },
] as const

/**
 * Whether a header link marks `pathname` as its page: its own path and, but for home, the pages
 * below it. A comparison rather than a compiled route pattern per link and render: the header
 * renders on every page's first task (docs/decisions/0043-react-and-wouter.md).
 */
export function isCurrentPage(pathname: string, to: string): boolean {
  return pathname === to || (to !== '/' && pathname.startsWith(`${to}/`))
}
