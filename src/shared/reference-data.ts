/**
 * Enumerations of the product. Values are stored in the database (with CHECK constraints built from
 * these lists) and translated in the web app under the key named beside each list.
 */

/** The roles a user picks at sign-up. */
export const SIGN_UP_ROLES = ['donor', 'recipient', 'volunteer'] as const
export type SignUpRole = (typeof SIGN_UP_ROLES)[number]
/** Every role; moderator is given only by the operator command (docs/decisions/0037-moderation.md). */
export const ROLES = [...SIGN_UP_ROLES, 'moderator'] as const
export type Role = (typeof ROLES)[number]

/** i18n: donorTypes.<value>. Every type but 'home' counts as a partner business on the impact page. */
export const DONOR_TYPES = ['home', 'restaurant', 'bakery', 'hotel', 'business'] as const
export type DonorType = (typeof DONOR_TYPES)[number]

/**
 * The nine allergens of the Safety page, in its order; peanuts and tree nuts are separate, as one
 * can be safe for someone allergic to the other (docs/decisions/0028-nine-allergens.md).
 * i18n: allergens.<value>
 */
export const ALLERGENS = [
  'gluten',
  'dairy',
  'eggs',
  'tree_nuts',
  'peanuts',
  'soy',
  'fish',
  'shellfish',
  'sesame',
] as const
export type Allergen = (typeof ALLERGENS)[number]

/** i18n: paymentMethods.<value> — cash on pickup, mobile payment, card. */
export const PAYMENT_METHODS = ['cash', 'mobile', 'card'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const CONTACT_METHODS = ['phone', 'email'] as const
export type ContactMethod = (typeof CONTACT_METHODS)[number]

export const LISTING_TYPES = ['free', 'half-price'] as const
export type ListingType = (typeof LISTING_TYPES)[number]

export const LISTING_STATUSES = ['available', 'claimed', 'completed', 'expired'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]

/** Claims and requests share one lifecycle (docs/decisions/0006-one-order-model.md). */
export const ORDER_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** Orders the donor approved: their requester may see where to collect the food. */
export const APPROVED_ORDER_STATUSES = ['confirmed', 'completed'] as const satisfies readonly OrderStatus[]

/** What an event is: a general one, or a dansal, a free food stall (Vesak, Poson, other days). i18n: events.kinds.<value> */
export const EVENT_KINDS = ['general', 'dansal'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

export const DELIVERY_STATUSES = ['pending', 'assigned', 'in-progress', 'completed', 'cancelled'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export const SAFETY_CHECKS = ['freshness', 'properStorage', 'hygieneStandards', 'labelingComplete'] as const
export type SafetyCheck = (typeof SAFETY_CHECKS)[number]
/** Every check ticked: a listing can only be posted so. */
export const ALL_SAFETY_CHECKS_TICKED = Object.fromEntries(
  SAFETY_CHECKS.map((check) => [check, true]),
) as Record<SafetyCheck, true>

/**
 * A moderator's decisions about an account: each is an audit entry and the notice its user gets,
 * under the same name (server/features/moderation: user-actions.ts and recordAccountDecision).
 */
const ACCOUNT_DECISIONS = [
  'user_warned',
  'user_suspended',
  'suspension_lifted',
  'volunteer_verified',
  'volunteer_refused',
  'organisation_verified',
  'organisation_refused',
] as const

export const NOTIFICATION_TYPES = [
  'food_request',
  'food_claim',
  'delivery_request',
  'delivery_order',
  'delivery_handed_back',
  'delivery_unreachable',
  'delivery_assigned',
  'delivery_picked_up',
  'delivery_completed',
  'delivery_cancelled',
  'order_cancelled',
  'event_created',
  'event_updated',
  'event_joined',
  'event_left',
  'event_joined_confirmation',
  'request_accepted',
  'request_declined',
  'claim_approved',
  'claim_declined',
  'claim_approved_donor',
  'claim_declined_donor',
  'event_cancelled',
  'pickup_reminder',
  'delivery_reminder',
  'collection_check',
  'order_not_collected',
  'attendance_confirmed',
  'pickup_code_locked',
  'report_received',
  'report_actioned',
  'report_dismissed',
  'order_removed',
  'content_hidden',
  'content_unhidden',
  ...ACCOUNT_DECISIONS,
  'first_refusal_offer',
  'message_received',
  'standing_confirm',
  'standing_posted_default',
  'standing_skipped',
  'standing_taker_paused',
  'standing_delivery_assigned',
  'standing_delivery_skipped',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/** What a user can report. i18n: moderation.targets.<value> */
export const REPORT_TARGET_TYPES = ['listing', 'story', 'event', 'user', 'message'] as const
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number]
/** Content a moderator can hide: whatever can be reported but a user, whom they warn or suspend instead. */
export type HideableType = Exclude<ReportTargetType, 'user'>
export const HIDEABLE_TYPES = REPORT_TARGET_TYPES.filter((type): type is HideableType => type !== 'user')

/** i18n: moderation.reasons.<value> */
export const REPORT_REASONS = [
  'unsafe_food',
  'misleading',
  'no_show_or_rude',
  'spam_or_fraud',
  'inappropriate',
  'other',
] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** open until a moderator acts on it (actioned) or dismisses it. */
export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/**
 * Every entry of the audit log (moderation_log). i18n: moderating.audit.actions.<value>.
 * volunteer_verified/volunteer_refused are the Volunteers tab's, organisation_* the Organisations tab's.
 */
export const AUDIT_ACTIONS = [
  'role_changed',
  'listing_hidden',
  'listing_unhidden',
  'story_hidden',
  'story_unhidden',
  'event_hidden',
  'event_unhidden',
  'message_hidden',
  'message_unhidden',
  'report_dismissed',
  ...ACCOUNT_DECISIONS,
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
/** What an audit entry is about. */
export const AUDIT_TARGET_TYPES = [...REPORT_TARGET_TYPES, 'report'] as const
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number]

/** i18n: stories.categories.<value> */
export const STORY_CATEGORIES = ['success', 'impact', 'community'] as const
export type StoryCategory = (typeof STORY_CATEGORIES)[number]

/** i18n: contact.categories.<value> */
export const CONTACT_CATEGORIES = [
  'general',
  'technical',
  'food-safety',
  'account',
  'partnership',
  'media',
  'feedback',
  'problem',
] as const
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number]

/** Food categories, seeded into the database. i18n: categories.<slug>; icon is a lucide-react name. */
export const FOOD_CATEGORIES = [
  { slug: 'prepared-meals', name: 'Prepared Meals', icon: 'CookingPot', color: '#ea580c' },
  { slug: 'rice-curry', name: 'Rice & Curry', icon: 'Soup', color: '#ca8a04' },
  { slug: 'bakery', name: 'Bakery Items', icon: 'Croissant', color: '#b45309' },
  { slug: 'fruits-vegetables', name: 'Fruits & Vegetables', icon: 'Carrot', color: '#16a34a' },
  { slug: 'dairy', name: 'Dairy', icon: 'Milk', color: '#0284c7' },
  { slug: 'beverages', name: 'Beverages', icon: 'CupSoda', color: '#7c3aed' },
  { slug: 'packaged', name: 'Packaged Food', icon: 'Package', color: '#475569' },
  { slug: 'short-eats', name: 'Short Eats & Snacks', icon: 'Sandwich', color: '#db2777' },
] as const
export type FoodCategorySlug = (typeof FOOD_CATEGORIES)[number]['slug']

export const LANGUAGES = ['en', 'si', 'ta'] as const
export type Language = (typeof LANGUAGES)[number]

/** Intl locale per language (numbers, currency and dates). */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-LK', si: 'si-LK', ta: 'ta-LK' }

export const MAX_LISTING_IMAGES = 3
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
export const MAX_REQUEST_QUANTITY = 5
export const PICKUP_WINDOW_MINUTES = 60
/** NIST SP 800-63B minimum, above the old app's 6 (docs/decisions/0005-passwords.md). */
export const MIN_PASSWORD_LENGTH = 8
export const NOTIFICATION_BADGE_CAP = 9

/** How Find Food can order listings; here and not in schemas/listings, so the page needs no zod. */
export const LISTING_SORTS = ['newest', 'expiry', 'distance', 'type'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]
