/**
 * Web push (docs/decisions/0034-web-push.md): the devices that asked for it, and every bell
 * notification sent to them through the job queue, in the user's language of the moment.
 */
import { createECDH } from 'node:crypto'
import { and, desc, eq, inArray, or } from 'drizzle-orm'
import webpush from 'web-push'
import { notificationPath } from '../../../shared/notification-link'
import { isPushServiceEndpoint, MAX_PUSH_SUBSCRIPTIONS } from '../../../shared/push'
import type { NotificationType } from '../../../shared/reference-data'
import type { PushMessage, PushSubscription, PushSubscriptionInput } from '../../../shared/schemas/push'
import type { AppConfig } from '../../config'
import type { VapidKeys } from '../../config/push'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { pushSubscriptions, users } from '../../db/schema'
import { badRequest, conflict } from '../../platform/errors'
import { translator } from '../../platform/i18n'
import { type Jobs, stableUuid } from '../../platform/jobs'
import type { Subscriber } from '../../platform/outbox'

/** The queue of single pushes: one job per notification and device, so a retry resends one push only. */
export const PUSH_QUEUE = 'push-send'

/** A push service that is down or busy gets five more tries over about a quarter of an hour. */
const PUSH_RETRY = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true }

/** How long a push service keeps a push for a phone that is off: a day-old notice is still news. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60

const SEND_TIMEOUT_MS = 15_000

/** Statuses by which a push service says the subscription is gone for good. */
const GONE = new Set([404, 410])

export type PushJob = {
  subscriptionId: string
  type: NotificationType
  params: Record<string, string | number>
  relatedId: string
}

/** A bell notification, as an event's notices carry it. */
export type PushItem = Omit<PushJob, 'subscriptionId'> & { userId: string }

type Log = {
  info(obj: unknown, msg: string): void
  warn(obj: unknown, msg: string): void
  error(obj: unknown, msg: string): void
}

export type Push = {
  /** The applicationServerKey browsers subscribe with; null when push is off (no keys). */
  publicKey: string | null
  /**
   * Queues one push per device of each notification's user (nothing when push is off). The jobs'
   * ids derive from `key`: queueing the same notices again with it queues nothing more.
   */
  enqueue(items: PushItem[], key: string): Promise<void>
}

type SubscriptionRow = typeof pushSubscriptions.$inferSelect

function toSubscription(row: SubscriptionRow): PushSubscription {
  return {
    id: row.id,
    endpoint: row.endpoint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
  }
}

export async function subscriptionsOf(db: Database, userId: string): Promise<PushSubscription[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.lastUsedAt))
  return rows.map(toSubscription)
}

/** Whether `key` is a point of P-256: a key that is not would fail every push, so it is refused here. */
function isP256PublicKey(key: string): boolean {
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    ecdh.computeSecret(Buffer.from(key, 'base64url'))
    return true
  } catch {
    return false
  }
}

/**
 * Stores this device's subscription for `userId`. The endpoint is bound to its owner: the same
 * browser subscribing again, or another account signed in on it, takes the row over only with the
 * device's own keys (p256dh and auth, which never leave the browser); an endpoint posted with other
 * keys is 409, so knowing an endpoint is not enough to read someone's pushes
 * (docs/decisions/0045-hardening-after-outside-test.md). Past MAX_PUSH_SUBSCRIPTIONS the least
 * recently used of the user's devices are dropped.
 */
export async function subscribe(
  db: Database,
  config: Pick<AppConfig, 'demo'>,
  userId: string,
  input: PushSubscriptionInput,
): Promise<PushSubscription> {
  if (!isPushServiceEndpoint(input.endpoint, { allowLoopback: config.demo })) {
    throw badRequest('profile.push.errors.endpoint')
  }
  if (!isP256PublicKey(input.keys.p256dh)) throw badRequest('profile.push.errors.keys')
  const now = new Date()
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    lastUsedAt: now,
  }
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: values,
      setWhere: or(
        eq(pushSubscriptions.userId, userId),
        and(eq(pushSubscriptions.p256dh, input.keys.p256dh), eq(pushSubscriptions.auth, input.keys.auth)),
      ),
    })
    .returning()
  if (!row) throw conflict('profile.push.errors.taken')
  const beyondCap = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.lastUsedAt), desc(pushSubscriptions.createdAt))
    .offset(MAX_PUSH_SUBSCRIPTIONS)
  if (beyondCap.length > 0) {
    await db.delete(pushSubscriptions).where(
      inArray(
        pushSubscriptions.id,
        beyondCap.map((r) => r.id),
      ),
    )
  }
  return toSubscription(row!)
}

/** Who the device belongs to; undefined when there is no such device. */
export async function subscriptionOwner(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id))
  return row?.userId
}

/** Stops pushes to one device (the route has checked it is the user's). */
export async function unsubscribe(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
}

/** Erases every device of the user (account deletion): nothing is pushed to them afterwards. */
export async function removeSubscriptionsOf(db: Database, userId: string): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .returning({ id: pushSubscriptions.id })
  return removed.length
}

/** The push of a notification in its user's language: the bell's own title and text (catalog notifications.<type>). */
export function renderPush(
  job: Omit<PushJob, 'subscriptionId'>,
  user: { language: string; role: string | null },
): PushMessage {
  const t = translator(user.language)
  return {
    title: t(`notifications.${job.type}.title`, job.params),
    body: t(`notifications.${job.type}.message`, job.params),
    url: notificationPath(job.type, user.role, job.relatedId),
    tag: job.relatedId,
    lang: user.language,
  }
}

/**
 * Defines the push queue's worker and answers the sender. Without keys push is off: the profile
 * says so, and notifications go to the bell and e-mail only.
 */
export async function startPush(deps: {
  db: Database
  jobs: Jobs
  keys: VapidKeys | undefined
  subject: string
  log: Log
}): Promise<Push> {
  const { db, jobs, keys, log } = deps
  if (!keys) {
    log.info({}, 'web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to turn it on')
    return { publicKey: null, async enqueue() {} }
  }
  const vapidDetails = { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey }

  await jobs.define<PushJob>(
    PUSH_QUEUE,
    async (job) => {
      const [target] = await db
        .select({
          ...columnsOf(pushSubscriptions, 'endpoint', 'p256dh', 'auth'),
          ...columnsOf(users, 'language', 'role'),
        })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(eq(pushSubscriptions.id, job.subscriptionId))
      // Turned off (or the account deleted) since the notification: nothing to send.
      if (!target) return
      const message = renderPush(job, target)
      // web-push encrypts and signs; the request goes out through fetch, which refuses to follow a
      // redirect (an endpoint must not lead the server elsewhere).
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        { vapidDetails, TTL: TIME_TO_LIVE_SECONDS, urgency: 'normal' },
      )
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: Object.fromEntries(
          Object.entries(request.headers)
            .filter(([name]) => name.toLowerCase() !== 'content-length')
            .map(([name, value]) => [name, String(value)]),
        ),
        body: new Uint8Array(request.body),
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
      await response.body?.cancel()
      if (GONE.has(response.status)) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, job.subscriptionId))
        log.info({ status: response.status }, 'push subscription gone: removed')
        return
      }
      // A refusal of this very push (bad request, too large, wrong key) fails again on every try.
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        log.warn({ status: response.status, type: job.type }, 'push refused by the push service')
        return
      }
      if (!response.ok) throw new Error(`push service answered ${response.status}`)
      await db
        .update(pushSubscriptions)
        .set({ lastUsedAt: new Date() })
        .where(eq(pushSubscriptions.id, job.subscriptionId))
    },
    PUSH_RETRY,
  )

  return {
    publicKey: keys.publicKey,
    async enqueue(items, key) {
      if (items.length === 0) return
      const devices = await db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...new Set(items.map((item) => item.userId))]))
      for (const [index, item] of items.entries()) {
        for (const device of devices.filter((d) => d.userId === item.userId)) {
          await jobs.enqueue<PushJob>(
            PUSH_QUEUE,
            { subscriptionId: device.id, type: item.type, params: item.params, relatedId: item.relatedId },
            { id: stableUuid(key, String(index), device.id) },
          )
        }
      }
    },
  }
}

/** Every bell rung by an event goes to its users' devices too (docs/decisions/0044-domain-events.md). */
export function pushSubscriber(push: Pick<Push, 'enqueue' | 'publicKey'>): Subscriber {
  return {
    name: 'push',
    hears: (event) => push.publicKey !== null && event.notices.length > 0,
    deliver: (event, delivery) => push.enqueue(event.notices, delivery.key),
  }
}
