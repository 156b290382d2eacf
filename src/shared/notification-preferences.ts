import type { NotificationType, Role } from './reference-data'

/**
 * The notification kinds that also go out by e-mail (docs/decisions/0029-one-notification-channel.md).
 * Bell notifications are always on; each of these kinds' e-mail can be turned off in the profile.
 */
export const EMAIL_NOTIFICATION_TYPES = [
  'claim_approved',
  'claim_declined',
  'request_accepted',
  'request_declined',
  'order_not_collected',
  'delivery_assigned',
  'delivery_picked_up',
  'delivery_completed',
  'delivery_handed_back',
  'pickup_reminder',
  'delivery_reminder',
  'collection_check',
  'event_updated',
  'event_cancelled',
  'event_created',
  'first_refusal_offer',
  'message_received',
  'standing_confirm',
] as const satisfies readonly NotificationType[]
export type EmailNotificationType = (typeof EMAIL_NOTIFICATION_TYPES)[number]

/**
 * Off unless the user opts in. event_created is a broadcast to everyone in the event's district, so
 * opting in is what subscribes a user to it at all (bell and e-mail).
 */
const OFF_BY_DEFAULT: readonly EmailNotificationType[] = ['event_created']

export function isEmailType(type: string): type is EmailNotificationType {
  return (EMAIL_NOTIFICATION_TYPES as readonly string[]).includes(type)
}

/**
 * A message from another party is not mailed one by one: it rings the bell, pushes and comes by SMS
 * (docs/decisions/0066-messages.md). Its kind is an e-mail kind so that its SMS can be turned off.
 */
export function isInstantEmailType(type: string): type is EmailNotificationType {
  return isEmailType(type) && type !== 'message_received'
}

export function emailByDefault(type: EmailNotificationType): boolean {
  return !OFF_BY_DEFAULT.includes(type)
}

export type EmailPreferences = Record<EmailNotificationType, boolean>

/** Every e-mail kind's setting: the user's choices over the defaults. */
export function withDefaults(choices: Partial<Record<string, boolean | null>>): EmailPreferences {
  return Object.fromEntries(
    EMAIL_NOTIFICATION_TYPES.map((type) => [type, choices[type] ?? emailByDefault(type)]),
  ) as EmailPreferences
}

/**
 * The kinds that also come by SMS to a verified number (docs/decisions/0051-sms-over-smpp.md): what a
 * recipient must act on (approved with the pickup code, declined, the reminder), a delivery's
 * steps, a cancelled event, and for a verified organisation the first-refusal offer it can take by
 * replying 1 (docs/decisions/0061-sms-in-time.md). Each is on by default and can be turned off beside its e-mail.
 */
export const SMS_NOTIFICATION_TYPES = [
  'claim_approved',
  'request_accepted',
  'claim_declined',
  'request_declined',
  'pickup_reminder',
  'delivery_assigned',
  'delivery_picked_up',
  'delivery_completed',
  'event_cancelled',
  'first_refusal_offer',
  'message_received',
  'standing_confirm',
] as const satisfies readonly EmailNotificationType[]
export type SmsNotificationType = (typeof SMS_NOTIFICATION_TYPES)[number]
export type SmsPreferences = Record<SmsNotificationType, boolean>

export function isSmsType(type: string): type is SmsNotificationType {
  return (SMS_NOTIFICATION_TYPES as readonly string[]).includes(type)
}

/** Every SMS kind's setting: the user's choices over the default (on). */
export function smsWithDefaults(choices: Partial<Record<string, boolean | null>>): SmsPreferences {
  return Object.fromEntries(
    SMS_NOTIFICATION_TYPES.map((type) => [type, choices[type] ?? true]),
  ) as SmsPreferences
}

const EVENT_TYPES = ['event_updated', 'event_cancelled', 'event_created'] as const

/**
 * The e-mail kinds a role can receive, as the server sends them: a recipient hears about their
 * orders, their deliveries and pickups; a donor about deliveries of their food and whether it was
 * collected; a volunteer about their deliveries' reminders; everyone about events. The profile
 * offers only these, so nobody is asked about mail they never get.
 */
export const EMAIL_TYPES_FOR_ROLE: Record<Role, readonly EmailNotificationType[]> = {
  // Everything but the donor's collection check, the volunteer's reminder and the organisations'
  // first refusal (emailTypesFor).
  recipient: EMAIL_NOTIFICATION_TYPES.filter(
    (type) => type !== 'collection_check' && type !== 'delivery_reminder' && type !== 'first_refusal_offer',
  ),
  donor: [
    'delivery_assigned',
    'delivery_handed_back',
    'collection_check',
    'message_received',
    ...EVENT_TYPES,
  ],
  volunteer: ['delivery_reminder', 'message_received', ...EVENT_TYPES],
  moderator: [...EVENT_TYPES],
}

/**
 * The e-mail kinds this user can receive: their role's, and for a verified organisation the offers
 * of large free food made to organisations first (docs/decisions/0055-first-refusal.md).
 */
export function emailTypesFor(role: Role, verifiedOrganisation: boolean): readonly EmailNotificationType[] {
  const ofRole = EMAIL_TYPES_FOR_ROLE[role]
  return verifiedOrganisation ? [...ofRole, 'first_refusal_offer'] : ofRole
}
