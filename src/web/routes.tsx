import type { ComponentType } from 'react'
import { NotFoundPage } from './features/not-found/NotFoundPage'
import type { PageNamespace } from './lib/catalog-groups'
import { loadPageNamespaces } from './lib/i18n'
import type { PageRoute } from './lib/navigation'

/** A page's code and its own catalogs, fetched side by side (docs/decisions/0032-web-performance.md). */
function withNamespaces<T>(page: Promise<T>, ...namespaces: PageNamespace[]): Promise<T> {
  return Promise.all([page, loadPageNamespaces(...namespaces)]).then(([module]) => module)
}

/**
 * A route to a page: its component, from a literal import() so the bundler makes it a chunk of its
 * own, and the page's own catalogs, fetched beside its code.
 */
function page(path: string, load: () => Promise<ComponentType>, namespaces: PageNamespace[] = []): PageRoute {
  return {
    path,
    lazy: () =>
      (namespaces.length > 0 ? withNamespaces(load(), ...namespaces) : load()).then((Component) => ({
        Component,
      })),
  }
}

/**
 * Each page is its own chunk: a phone on a slow network downloads only the page it opens. A page's
 * code (and its catalogs) loads before it replaces the page on screen, so the old page stays until
 * the new one can show (lib/navigation.tsx, docs/decisions/0043-react-and-wouter.md). An address no
 * route names shows NotFoundPage (main.tsx).
 */
export const pages: PageRoute[] = [
  page('/', () => import('./features/home/HomePage').then((m) => m.HomePage), ['home']),
  page('/find-food', () => import('./features/find-food/FindFoodPage').then((m) => m.FindFoodPage), [
    'nearby',
  ]),
  {
    path: '/listings/:id',
    lazy: () =>
      import('./features/listing-page/ListingPage').then(({ ListingPage }) => ({
        element: (
          <ListingPage
            notFound={
              <NotFoundPage
                titleKey="listing-page.unavailable.title"
                messageKey="listing-page.unavailable.message"
              />
            }
          />
        ),
      })),
  },
  page('/donate', () => import('./features/donate/DonatePage').then((m) => m.DonatePage)),
  page('/community', () => import('./features/community/CommunityPage').then((m) => m.CommunityPage), [
    'events',
    'stories',
  ]),
  page('/impact', () => import('./features/impact/ImpactPage').then((m) => m.ImpactPage), [
    'impact',
    'handover',
  ]),
  page('/auth', () => import('./features/auth/AuthPage').then((m) => m.AuthPage), ['organisations']),
  page('/forgot-password', () =>
    import('./features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  ),
  page('/reset-password', () => import('./features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage)),
  page('/verify-email', () => import('./features/auth/link-pages').then((m) => m.VerifyEmailPage)),
  page('/sign-in-link', () => import('./features/auth/link-pages').then((m) => m.SignInLinkPage)),
  page('/profile', () => import('./features/profile/ProfilePage').then((m) => m.ProfilePage), [
    'phone',
    'profile',
  ]),
  page(
    '/dashboard/donor',
    () => import('./features/dashboards/DonorDashboardPage').then((m) => m.DonorDashboardPage),
    ['dashboards', 'handover', 'organisations', 'standing'],
  ),
  page(
    '/dashboard/recipient',
    () => import('./features/dashboards/RecipientDashboardPage').then((m) => m.RecipientDashboardPage),
    ['dashboards', 'handover', 'organisations', 'standing'],
  ),
  page(
    '/dashboard/volunteer',
    () => import('./features/dashboards/VolunteerDashboardPage').then((m) => m.VolunteerDashboardPage),
    ['dashboards', 'handover', 'messages'],
  ),
  page('/orders/:id', () => import('./features/orders/OrderSummaryPage').then((m) => m.OrderSummaryPage), [
    'handover',
    'messages',
    // "Your food is 2 stops away" (0071).
    'runs',
  ]),
  page('/volunteer', () => import('./features/volunteer/VolunteerPage').then((m) => m.VolunteerPage), [
    'volunteer',
  ]),
  page('/volunteer/schedule', () => import('./features/volunteer/SchedulePage').then((m) => m.SchedulePage), [
    'volunteer',
    'standing',
  ]),
  // Planning and following a run; a stop's drop-off asks for the pickup code in the handover's words.
  page('/volunteer/runs/:id', () => import('./features/runs/RunsPage').then((m) => m.RunsPage), [
    'runs',
    'dashboards',
    'handover',
  ]),
  page('/moderation', () => import('./features/moderation/ModerationPage').then((m) => m.ModerationPage), [
    'organisations',
    'moderating',
    'messages',
  ]),
  page('/help', () => import('./features/help/HelpPage').then((m) => m.HelpPage), ['help']),
  page('/safety', () => import('./features/info-pages/SafetyPage').then((m) => m.SafetyPage), ['info-pages']),
  page('/guidelines', () => import('./features/info-pages/GuidelinesPage').then((m) => m.GuidelinesPage), [
    'info-pages',
  ]),
  page('/contact', () => import('./features/contact/ContactPage').then((m) => m.ContactPage), ['contact']),
  page('/account-deleted', () =>
    import('./features/profile/AccountDeletedPage').then((m) => m.AccountDeletedPage),
  ),
  page('/privacy', () => import('./features/info-pages/PrivacyPage').then((m) => m.PrivacyPage), [
    'info-pages',
  ]),
  page('/terms', () => import('./features/info-pages/TermsPage').then((m) => m.TermsPage), ['info-pages']),
  page('/dev/mailbox', () => import('./features/mailbox/MailboxPage').then((m) => m.MailboxPage)),
]
