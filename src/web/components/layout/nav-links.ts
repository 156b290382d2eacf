/** The header's main links, in their order on every page. */
export const NAV_LINKS = [
  { to: '/', key: 'common.nav.home', end: true },
  { to: '/find-food', key: 'common.nav.findFood', end: false },
  { to: '/donate', key: 'common.nav.donate', end: false },
  { to: '/community', key: 'common.nav.community', end: false },
  { to: '/impact', key: 'common.nav.impact', end: false },
] as const
