import type { FastifyInstance } from 'fastify'
import { calendarFeedRoutes } from './features/calendar-feed/routes'
import { eventsRoutes } from './features/community-events/routes'
import { contactRoutes } from './features/contact/routes'
import { deliveriesRoutes } from './features/deliveries/routes'
import { healthRoutes } from './features/health/routes'
import { communityFiguresRoutes } from './features/impact-figures/community-routes'
import { dashboardsRoutes } from './features/impact-figures/dashboard-routes'
import { listingsRoutes } from './features/listings/routes'
import { mailboxRoutes } from './features/mailbox/routes'
import { messagesRoutes } from './features/messages/routes'
import { moderationRoutes } from './features/moderation/routes'
import { myDataRoutes } from './features/my-data/routes'
import { notificationsRoutes } from './features/notifications/routes'
import { ordersRoutes } from './features/orders/routes'
import { placesRoutes } from './features/places/routes'
import { pushRoutes } from './features/push/routes'
import { ratingsRoutes } from './features/ratings/routes'
import { reportsRoutes } from './features/reports/routes'
import { runsRoutes } from './features/runs/routes'
import { smsRoutes } from './features/sms/routes'
import { standingOffersRoutes } from './features/standing-offers/routes'
import { storiesRoutes } from './features/stories/routes'
import { uploadsRoutes } from './features/uploads/routes'
import { usersRoutes } from './features/users/routes'
import { vettingRoutes } from './features/vetting/routes'
import type { AppServices } from './platform/services'

/**
 * Every feature's routes, registered in this order (the listing page and the web pages come last, in
 * app.ts, when the built web app is there). A new feature adds its routes here.
 */
const FEATURE_ROUTES = [
  healthRoutes,
  usersRoutes,
  uploadsRoutes,
  listingsRoutes,
  placesRoutes,
  ordersRoutes,
  deliveriesRoutes,
  calendarFeedRoutes,
  ratingsRoutes,
  vettingRoutes,
  reportsRoutes,
  dashboardsRoutes,
  notificationsRoutes,
  pushRoutes,
  smsRoutes,
  standingOffersRoutes,
  eventsRoutes,
  storiesRoutes,
  communityFiguresRoutes,
  mailboxRoutes,
  contactRoutes,
  moderationRoutes,
  myDataRoutes,
  messagesRoutes,
  runsRoutes,
]

export async function registerFeatureRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  for (const routes of FEATURE_ROUTES) await app.register(routes, { services })
}
