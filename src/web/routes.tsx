import { NotFoundPage } from './features/not-found/NotFoundPage'
import type { PageNamespace } from './lib/catalog-groups'
import { loadPageNamespaces } from './lib/i18n'
import type { PageRoute } from './lib/navigation'

/** A page's code and its own catalogs, fetched side by side (docs/decisions/0032-web-performance.md). */
function withNamespaces<T>(page: Promise<T>, ...namespaces: PageNamespace[]): Promise<T> {
  return Promise.all([page, loadPageNamespaces(...namespaces)]).then(([module]) => module)
}

/**
 * Each page is its own chunk: a phone on a slow network downloads only the page it opens. A page's
 * code (and its catalogs) loads before it replaces the page on screen, so the old page stays until
 * the new one can show (lib/navigation.tsx, docs/decisions/0043-react-and-wouter.md). An address no
 * route names shows NotFoundPage (main.tsx).
 */
export const pages: PageRoute[] = [
  {
    path: '/',
    lazy: () =>
      withNamespaces(import('./features/home/HomePage'), 'home').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: '/find-food',
    lazy: () =>
      withNamespaces(import('./features/find-food/FindFoodPage'), 'nearby').then((m) => ({
        Component: m.FindFoodPage,
      })),
  },
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
  {
    path: '/donate',
    lazy: () => import('./features/donate/DonatePage').then((m) => ({ Component: m.DonatePage })),
  },
  {
    path: '/community',
    lazy: () =>
      withNamespaces(import('./features/community/CommunityPage'), 'events', 'stories').then((m) => ({
        Component: m.CommunityPage,
      })),
  },
  {
    path: '/impact',
    lazy: () =>
      withNamespaces(import('./features/impact/ImpactPage'), 'impact', 'handover').then((m) => ({
        Component: m.ImpactPage,
      })),
  },
  {
    path: '/auth',
    lazy: () =>
      withNamespaces(import('./features/auth/AuthPage'), 'organisations').then((m) => ({
        Component: m.AuthPage,
      })),
  },
  {
    path: '/forgot-password',
    lazy: () =>
      import('./features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: '/reset-password',
    lazy: () => import('./features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: '/verify-email',
    lazy: () => import('./features/auth/link-pages').then((m) => ({ Component: m.VerifyEmailPage })),
  },
  {
    path: '/sign-in-link',
    lazy: () => import('./features/auth/link-pages').then((m) => ({ Component: m.SignInLinkPage })),
  },
  {
    path: '/profile',
    lazy: () =>
      // The calendar subscription's words are the handover's (docs/decisions/0047-pickup-codes.md).
      withNamespaces(import('./features/profile/ProfilePage'), 'handover', 'phone', 'profile').then((m) => ({
        Component: m.ProfilePage,
      })),
  },
  {
    path: '/dashboard/donor',
    lazy: () =>
      withNamespaces(
        import('./features/dashboards/DonorDashboardPage'),
        'dashboards',
        'handover',
        'organisations',
        'standing',
      ).then((m) => ({
        Component: m.DonorDashboardPage,
      })),
  },
  {
    path: '/dashboard/recipient',
    lazy: () =>
      withNamespaces(
        import('./features/dashboards/RecipientDashboardPage'),
        'dashboards',
        'handover',
        'organisations',
        'standing',
      ).then((m) => ({
        Component: m.RecipientDashboardPage,
      })),
  },
  {
    path: '/dashboard/volunteer',
    lazy: () =>
      withNamespaces(
        import('./features/dashboards/VolunteerDashboardPage'),
        'dashboards',
        'handover',
        'messages',
      ).then((m) => ({
        Component: m.VolunteerDashboardPage,
      })),
  },
  {
    path: '/orders/:id',
    lazy: () =>
      withNamespaces(import('./features/orders/OrderSummaryPage'), 'handover', 'messages').then((m) => ({
        Component: m.OrderSummaryPage,
      })),
  },
  {
    path: '/volunteer',
    lazy: () =>
      withNamespaces(import('./features/volunteer/VolunteerPage'), 'volunteer').then((m) => ({
        Component: m.VolunteerPage,
      })),
  },
  {
    path: '/volunteer/schedule',
    lazy: () =>
      withNamespaces(import('./features/volunteer/SchedulePage'), 'volunteer').then((m) => ({
        Component: m.SchedulePage,
      })),
  },
  {
    path: '/moderation',
    lazy: () =>
      withNamespaces(import('./features/moderation/ModerationPage'), 'organisations', 'messages').then(
        (m) => ({
          Component: m.ModerationPage,
        }),
      ),
  },
  {
    path: '/help',
    lazy: () =>
      withNamespaces(import('./features/help/HelpPage'), 'help').then((m) => ({ Component: m.HelpPage })),
  },
  {
    path: '/safety',
    lazy: () =>
      withNamespaces(import('./features/info-pages/SafetyPage'), 'info-pages').then((m) => ({
        Component: m.SafetyPage,
      })),
  },
  {
    path: '/guidelines',
    lazy: () =>
      withNamespaces(import('./features/info-pages/GuidelinesPage'), 'info-pages').then((m) => ({
        Component: m.GuidelinesPage,
      })),
  },
  {
    path: '/contact',
    lazy: () =>
      withNamespaces(import('./features/contact/ContactPage'), 'contact').then((m) => ({
        Component: m.ContactPage,
      })),
  },
  {
    path: '/account-deleted',
    lazy: () =>
      import('./features/profile/AccountDeletedPage').then((m) => ({ Component: m.AccountDeletedPage })),
  },
  {
    path: '/privacy',
    lazy: () =>
      withNamespaces(import('./features/info-pages/PrivacyPage'), 'info-pages').then((m) => ({
        Component: m.PrivacyPage,
      })),
  },
  {
    path: '/terms',
    lazy: () =>
      withNamespaces(import('./features/info-pages/TermsPage'), 'info-pages').then((m) => ({
        Component: m.TermsPage,
      })),
  },
  {
    path: '/dev/mailbox',
    lazy: () => import('./features/mailbox/MailboxPage').then((m) => ({ Component: m.MailboxPage })),
  },
]
