import { z } from 'zod'
import { EMAIL_NOTIFICATION_TYPES, SMS_NOTIFICATION_TYPES } from '../notification-preferences'

const emailSettings = Object.fromEntries(EMAIL_NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as {
  [K in (typeof EMAIL_NOTIFICATION_TYPES)[number]]: z.ZodBoolean
}
const smsSettings = Object.fromEntries(SMS_NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as {
  [K in (typeof SMS_NOTIFICATION_TYPES)[number]]: z.ZodBoolean
}

/** GET /api/me/notification-preferences: per kind, whether it also comes by e-mail, and by SMS. */
export const notificationPreferencesSchema = z.object({
  email: z.object(emailSettings),
  sms: z.object(smsSettings),
})
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>

/** PUT /api/me/notification-preferences: the kinds to change; kinds left out keep their setting. */
export const notificationPreferencesUpdateSchema = z.object({
  email: z.strictObject(emailSettings, 'profile.notifications.errors.unknownKind').partial().optional(),
  sms: z.strictObject(smsSettings, 'profile.notifications.errors.unknownKind').partial().optional(),
})
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>
