import { z } from 'zod'

/**
 * A browser's PushSubscription as its toJSON() gives it. The keys are base64url: p256dh an
 * uncompressed P-256 point (65 bytes, so it starts with "B"), auth 16 random bytes.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'profile.push.errors.endpoint' })
    .max(2048, 'profile.push.errors.endpoint'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string('profile.push.errors.keys')
        .regex(/^B[A-Za-z0-9_-]{86}=?$/, 'profile.push.errors.keys'),
      auth: z
        .string('profile.push.errors.keys')
        .regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'profile.push.errors.keys'),
    },
    'profile.push.errors.keys',
  ),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>

/** One of my devices that receives pushes (its keys stay on the server). */
export const pushSubscriptionSchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
})
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>

export const pushSubscriptionListSchema = z.object({ items: z.array(pushSubscriptionSchema) })
export type PushSubscriptionList = z.infer<typeof pushSubscriptionListSchema>

/** GET /api/push/public-key: the server's VAPID key (applicationServerKey), or null when push is off. */
export const pushPublicKeySchema = z.object({ publicKey: z.string().nullable() })
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>

/** What the service worker receives in a push: shown as a notification, `url` opened on a tap. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of this site. */
  url: z.string(),
  /** A newer push about the same thing replaces the older notification. */
  tag: z.string(),
  lang: z.string(),
})
export type PushMessage = z.infer<typeof pushMessageSchema>
