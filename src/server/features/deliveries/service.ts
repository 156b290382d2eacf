/** The deliveries feature's public functions: the routes (and the orders routes) use these only. */
export { deliveryCalendarEvent, deliveryCalendarFile } from './calendar'
export { offersSubscriber } from './offers'
export { deliveriesExport, forgetDeliveryDetails, handBackDeliveriesOf } from './personal-data'
export { type DeliveryActor, getVisibleDelivery, listDeliveries } from './queries'
export { rateDelivery } from './rating'
export { createDelivery } from './requesting'
export { attachStandingDelivery, cancelStandingDelivery, type StandingDropOff } from './standing'
export { acceptDeliveriesFor, transitionDelivery } from './steps'
