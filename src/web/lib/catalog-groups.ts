/**
 * How the catalogs of src/shared/locales reach the browser (docs/decisions/0032-web-performance.md):
 * one file per language with every namespace the app shell and most pages read, and one small file per
 * page namespace below, loaded together with its page. A namespace belongs here only if no other page,
 * entity, component, shared schema or policy names its keys.
 */
export const PAGE_NAMESPACES = [
  'home',
  // The three dashboards' words, the largest catalog, are read on those pages alone: kept out of every
  // first visit, they pay for the words issue 30 put on every card (docs/decisions/0050-dietary-tags.md).
  'dashboards',
  'impact',
  'help',
  'info-pages',
  'contact',
  'events',
  'stories',
  'volunteer',
  // The handover's words and its errors (docs/decisions/0047-pickup-codes.md), and the links to reach
  // the other side: the order page and the dashboards load them with the page, the notification
  // detail with its record; the pickup confirmation, whose schema names the errors, opens only there.
  // With them the outcome figures (docs/decisions/0048-outcomes-not-offers.md), which the impact page
  // loads too, and the profile's calendar subscription: one catalog file fewer per language on every
  // first visit.
  'handover',
  // Organisations' words: sign-up's fields, the moderators' tab, the kinds on a home's dashboard
  // (docs/decisions/0054-organisations-and-their-limits.md); the server reads the kinds for reports.
  'organisations',
  // The bell's words: only a signed-in reader has a bell, and its code comes after the first page
  // (components/layout/UserArea.tsx), so its catalog comes with it, not on every first visit.
  'notifications',
  // The profile's phone verification, SMS settings and language setting (docs/decisions/0051-sms-over-smpp.md):
  // read on the profile alone, so the Sinhala and Tamil of them stay out of every first visit.
  'phone',
  // A thread's words (docs/decisions/0066-messages.md): the order page, the volunteer's deliveries and
  // the moderators' reports show threads; no first visit does.
  'messages',
  // Standing offers' words (docs/decisions/0068-standing-arrangements.md): the donor's and the
  // recipient's dashboards alone, where offers are made, joined and listed.
  'standing',
  // A volunteer's runs (docs/decisions/0071-volunteer-runs.md): the run pages alone plan and follow them.
  'runs',
  // The profile's own words: its settings, notification kinds and push, read on the profile page alone
  // (the shared schemas that name them are the profile's); out of every first visit since issue 37
  // and 39 added words to the core catalog (docs/decisions/0065-light-on-the-cheapest-phone.md).
  'profile',
  // The place picker's words (docs/decisions/0073-setting-a-place.md): they come with the picker's
  // code, when a form with a point opens (components/place/index.tsx), never on a first visit.
  'place-picker',
  // The map's words, loaded with the map's code when a map is opened, never with a first visit
  // (docs/decisions/0072-the-map-view.md).
  'places',
  // Find Food's "Near me", radius and list-or-map words: that page alone reads them (decision 0072).
  'nearby',
  // The moderation page's own words; the report dialog's and the refusals' stay in moderation.
  'moderating',
] as const

export type PageNamespace = (typeof PAGE_NAMESPACES)[number]

/** Read by the server alone (e-mails, SMS): never sent to the browser. */
export const SERVER_NAMESPACES = ['mail', 'sms'] as const

/** The group with every other namespace. */
export const CORE_GROUP = 'core'
