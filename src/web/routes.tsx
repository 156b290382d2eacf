import { createBrowserRouter } from 'react-router'
import { AppLayout } from './components/layout/AppLayout'
import { NotFoundPage } from './features/not-found/NotFoundPage'

/** Each page is its own chunk: a phone on a slow network downloads only the page it opens. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', lazy: () => import('./features/home/HomePage').then((m) => ({ Component: m.HomePage })) },
      {
        path: '/find-food',
        lazy: () => import('./features/find-food/FindFoodPage').then((m) => ({ Component: m.FindFoodPage })),
      },
      {
        path: '/listings/:id',
        lazy: () =>
          import('./features/listing-page/ListingPage').then((m) => ({
            element: (
              <m.ListingPage
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
          import('./features/community/CommunityPage').then((m) => ({ Component: m.CommunityPage })),
      },
      {
        path: '/impact',
        lazy: () => import('./features/impact/ImpactPage').then((m) => ({ Component: m.ImpactPage })),
      },
      {
        path: '/auth',
        lazy: () => import('./features/auth/AuthPage').then((m) => ({ Component: m.AuthPage })),
      },
      {
        path: '/forgot-password',
        lazy: () =>
          import('./features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: '/reset-password',
        lazy: () =>
          import('./features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: '/profile',
        lazy: () => import('./features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
      },
      {
        path: '/dashboard/donor',
        lazy: () =>
          import('./features/dashboards/DonorDashboardPage').then((m) => ({
            Component: m.DonorDashboardPage,
          })),
      },
      {
        path: '/dashboard/recipient',
        lazy: () =>
          import('./features/dashboards/RecipientDashboardPage').then((m) => ({
            Component: m.RecipientDashboardPage,
          })),
      },
      {
        path: '/dashboard/volunteer',
        lazy: () =>
          import('./features/dashboards/VolunteerDashboardPage').then((m) => ({
            Component: m.VolunteerDashboardPage,
          })),
      },
      {
        path: '/orders/:id',
        lazy: () =>
          import('./features/orders/OrderSummaryPage').then((m) => ({ Component: m.OrderSummaryPage })),
      },
      {
        path: '/volunteer',
        lazy: () =>
          import('./features/volunteer/VolunteerPage').then((m) => ({ Component: m.VolunteerPage })),
      },
      {
        path: '/volunteer/schedule',
        lazy: () => import('./features/volunteer/SchedulePage').then((m) => ({ Component: m.SchedulePage })),
      },
      {
        path: '/moderation',
        lazy: () =>
          import('./features/moderation/ModerationPage').then((m) => ({ Component: m.ModerationPage })),
      },
      {
        path: '/help',
        lazy: () => import('./features/help/HelpPage').then((m) => ({ Component: m.HelpPage })),
      },
      {
        path: '/safety',
        lazy: () => import('./features/info-pages/SafetyPage').then((m) => ({ Component: m.SafetyPage })),
      },
      {
        path: '/guidelines',
        lazy: () =>
          import('./features/info-pages/GuidelinesPage').then((m) => ({ Component: m.GuidelinesPage })),
      },
      {
        path: '/contact',
        lazy: () => import('./features/contact/ContactPage').then((m) => ({ Component: m.ContactPage })),
      },
      {
        path: '/account-deleted',
        lazy: () =>
          import('./features/profile/AccountDeletedPage').then((m) => ({ Component: m.AccountDeletedPage })),
      },
      {
        path: '/privacy',
        lazy: () => import('./features/info-pages/PrivacyPage').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: '/terms',
        lazy: () => import('./features/info-pages/TermsPage').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: '/dev/mailbox',
        lazy: () => import('./features/mailbox/MailboxPage').then((m) => ({ Component: m.MailboxPage })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
])
