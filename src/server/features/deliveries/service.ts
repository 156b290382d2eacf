/** The deliveries feature's public functions: the routes use these only. */
export { createDelivery, type DeliveryAction, rateDelivery, transitionDelivery } from './lifecycle'
export { getVisibleDelivery, listDeliveries } from './queries'
