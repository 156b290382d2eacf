/**
 * SMS, the fourth channel (docs/decisions/0051-sms-over-smpp.md, 0052-sms-replies.md): notices to
 * verified numbers as an outbox subscriber, codes that verify a number, replies that act. The
 * feature's public functions; the app wires it (app.ts).
 */
import { eq } from 'drizzle-orm'
import type { FairUseLimits } from '../../../shared/fair-use'
import { isSmsType } from '../../../shared/notification-preferences'
import { pickupWindow } from '../../../shared/pickup'
import { smsSendAt } from '../../../shared/sms'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import type { AppConfig } from '../../config'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { phoneCodes, smsMessages } from '../../db/schema'
import type { DomainEvent } from '../../platform/domain-events'
import type { Jobs, RetryPolicy } from '../../platform/jobs'
import { stableUuid } from '../../platform/jobs'
import type { Counters } from '../../platform/limits'
import type { Subscriber } from '../../platform/outbox'
import type { Metrics } from '../../platform/prometheus'
import { createSmsGateway, type IncomingSms, type SmsGateway } from '../../platform/sms-gateway'
import { offerTake } from '../orders/service'
import { accountsOnPhone, firstName, smsRecipients } from '../users/service'
import { createSmsOutbox, type SmsOutbox } from './messages'
import { receiveSms } from './replies'
import { renderSmsNotice } from './texts'

export type Sms = SmsOutbox & {
  /** Codes can be sent: SMS_URL is set, or demo mode logs them for the dev mailbox. */
  available: boolean
  /** Takes a text from a phone as the SMSC would hand it over (the dev mailbox's "reply by SMS"). */
  receive(incoming: IncomingSms): Promise<void>
  /** Queues the notices held by the quiet hours whose morning has come (every minute). */
  releaseSweep: { runNow(): Promise<number> }
  close(): Promise<void>
}

type Log = {
  info(obj: unknown, msg: string): void
  warn(obj: unknown, msg: string): void
  error(obj: unknown, msg: string): void
}

export async function startSms({
  config,
  db,
  jobs,
  metrics,
  log,
  retry,
  limits,
}: {
  config: AppConfig
  db: Database
  limits: Counters
  jobs: Jobs
  metrics: Metrics
  log: Log
  retry?: RetryPolicy
}): Promise<Sms> {
  const gateway: SmsGateway | undefined = config.sms ? createSmsGateway(config.sms, log) : undefined
  const outbox = await createSmsOutbox({ db, jobs, gateway, metrics, log, retry })
  const receive = (incoming: IncomingSms) =>
    receiveSms(db, outbox, incoming, config.fairUse, limits, new Date(), config.firstRefusal)
  gateway?.onIncoming(receive)
  gateway?.onReceipt((receipt) => outbox.receipt(receipt))
  const runNow = () => outbox.releaseHeld()
  await jobs.schedule('sms-release-held', '* * * * *', runNow)
  return {
    ...outbox,
    receive,
    available: Boolean(config.sms) || config.demo,
    releaseSweep: { runNow },
    async close() {
      await gateway?.close()
    },
  }
}

/**
 * Notices by SMS as a subscriber of the outbox (docs/decisions/0044-domain-events.md): each notice
 * of an SMS kind whose recipient has a verified number, has not replied STOP and has not turned the
 * kind off, in their language. In the quiet hours it is held until 07:00 unless it is time-critical
 * (smsSendAt, docs/decisions/0061-sms-in-time.md). Each text's id derives from the delivery's key and the notice:
 * a retry queues none twice.
 */
export function smsSubscriber(
  sms: Pick<SmsOutbox, 'queue'>,
  db: Database,
  fairUse: FairUseLimits,
): Subscriber {
  return {
    name: 'sms',
    hears: (event) => event.notices.some((notice) => isSmsType(notice.type)),
    async deliver(event, delivery) {
      const people = await smsRecipients(db, [...new Set(event.notices.map((notice) => notice.userId))])
      const now = new Date()
      const { startsAt, staleAt } = timesOf(event)
      for (const [index, notice] of event.notices.entries()) {
        if (!isSmsType(notice.type)) continue
        const person = people.get(notice.userId)
        if (!person?.phone || person.stopped || !person.smsOn[notice.type]) continue
        // An offer says how many portions a reply of 1 takes; none left to take: no offer.
        const take =
          notice.type === 'first_refusal_offer'
            ? await offerTake(db, person.id, notice.relatedId, fairUse)
            : null
        if (take === 0) continue
        // A phone a family shares: the notice says whose account it is for.
        const shared = (await accountsOnPhone(db, person.phone)).length > 1
        const sendAt = smsSendAt(now, notice.type, startsAt)
        const held = sendAt.getTime() > now.getTime()
        await sms.queue({
          id: stableUuid(delivery.key, String(index)),
          userId: person.id,
          phone: person.phone,
          kind: notice.type,
          relatedId: notice.relatedId,
          text: renderSmsNotice({ ...notice, type: notice.type }, event, person.language, {
            forName: shared ? firstName(person.name) : null,
            params: take === null ? {} : { take },
          }),
          staleAt,
          ...(held ? { notBefore: sendAt } : {}),
        })
      }
    },
  }
}

/**
 * When what the event's notices are about begins (a pickup, an event), and when a text about it is
 * of no more use (the pickup window or the event is over: an hour after a pickup with no end);
 * null when the event does not say.
 */
function timesOf(event: DomainEvent): { startsAt: Date | null; staleAt: Date | null } {
  if (event.type === 'order.approved') {
    const { order } = event.payload
    const window = pickupWindow(order.listing, order.pickupAt)
    const startsAt = sriLankaInstant(window.date, window.start)
    const staleAt = window.end
      ? sriLankaInstant(window.date, window.end)
      : new Date(startsAt.getTime() + 60 * 60_000)
    return { startsAt, staleAt }
  }
  if (event.type === 'listing.offeredToOrganisations') {
    const { pickupStartsAt, until } = event.payload
    return { startsAt: pickupStartsAt ? new Date(pickupStartsAt) : null, staleAt: new Date(until) }
  }
  if (event.type === 'communityEvent.cancelled') {
    const startsAt = new Date(event.payload.startsAt)
    return { startsAt, staleAt: startsAt }
  }
  return { startsAt: null, staleAt: null }
}

/** The user's SMS both ways, oldest first, numbers included: their own data (docs/decisions/0039-own-data.md). */
export async function smsExport(db: Database, userId: string) {
  return db
    .select(
      columnsOf(
        smsMessages,
        'direction',
        'phone',
        'kind',
        'text',
        'status',
        'segments',
        'createdAt',
        'sentAt',
        'deliveredAt',
      ),
    )
    .from(smsMessages)
    .where(eq(smsMessages.userId, userId))
    .orderBy(smsMessages.createdAt)
}

/** Account deletion: the user's SMS log and any code waiting to be typed go. */
export async function removeSmsOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(smsMessages).where(eq(smsMessages.userId, userId))
  await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId))
}
