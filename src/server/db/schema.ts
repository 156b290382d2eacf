/**
 * Every table, one file per feature in tables/ (docs/glossary.md); Drizzle and the code read them
 * through this one module.
 */
export * from './tables/accounts'
export * from './tables/community'
export * from './tables/deliveries'
export * from './tables/domain-events'
export * from './tables/listings'
export * from './tables/messages'
export * from './tables/moderation'
export * from './tables/notifications'
export * from './tables/orders'
export * from './tables/standing'
