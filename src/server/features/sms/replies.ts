/**
 * Replies that act (docs/decisions/0052-sms-replies.md): a text from a verified number confirms the
 * next pickup (1), cancels the next open order (0: the orders feature returns the portions and tells
 * the donor through its event), stops (STOP) or resumes (START) all SMS, or asks for help; in
 * English, Sinhala or Tamil. A stranger or an unknown word gets one help text a day at most. Every
 * text in is logged; the answers go out through the SMS log like any other text.
 */
import type { Role } from '../../../shared/reference-data'
import {
  fitSegments,
  HELP_REPLY_EVERY_HOURS,
  languageOfText,
  parseSmsCommand,
  senderNumber,
} from '../../../shared/sms'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import type { Database } from '../../db/client'
import { translator } from '../../platform/i18n'
import type { IncomingSms } from '../../platform/sms-gateway'
import { nextOrderOf, releaseOrder } from '../orders/service'
import { findUserByVerifiedPhone, setSmsStopped } from '../users/service'
import { helpSentSince, type SmsOutbox } from './messages'
import { MAX_NOTICE_SEGMENTS } from './texts'

export async function receiveSms(
  db: Database,
  sms: SmsOutbox,
  incoming: IncomingSms,
  now: Date = new Date(),
): Promise<void> {
  const phone = senderNumber(incoming.from, incoming.fromType)
  // A sender that is not a whole Sri Lankan number is logged as it came, and acts for nobody.
  if (!phone) return sms.record({ userId: null, phone: incoming.from.slice(0, 32), text: incoming.text })
  const user = await findUserByVerifiedPhone(db, phone)
  await sms.record({ userId: user?.id ?? null, phone, text: incoming.text })
  const command = parseSmsCommand(incoming.text)
  const t = translator(user?.language ?? languageOfText(incoming.text))
  const reply = (text: string, kind = 'reply') =>
    sms.queue({ userId: user?.id ?? null, phone, kind, text: fitSegments(text, MAX_NOTICE_SEGMENTS) })

  if (!user || !command) {
    const since = new Date(now.getTime() - HELP_REPLY_EVERY_HOURS * 60 * 60_000)
    if (await helpSentSince(db, phone, since)) return
    return reply(t(user ? 'sms.reply.help' : 'sms.reply.unknownSender'), 'help')
  }
  if (command === 'start') {
    await setSmsStopped(db, user.id, false)
    return reply(t('sms.reply.started'))
  }
  // After STOP the number hears nothing more but the answer to START.
  if (user.smsStoppedAt) return
  if (command === 'stop') {
    await setSmsStopped(db, user.id, true)
    return reply(t('sms.reply.stopped'))
  }
  if (command === 'help') return reply(t('sms.reply.help'), 'help')
  if (command === 'confirm') {
    const order = await nextOrderOf(db, user.id, ['confirmed'], now)
    if (!order) return reply(t('sms.reply.noPickup'))
    const { date, time } = sriLankaParts(order.pickupAt)
    return reply(
      t('sms.reply.confirmed', {
        title: order.listing.title,
        time,
        date: `${date.slice(8, 10)}/${date.slice(5, 7)}`,
      }),
    )
  }
  const order = await nextOrderOf(db, user.id, ['pending', 'confirmed'], now)
  // An order with a delivery is let go on the web, where its volunteer is seen.
  if (!order || order.delivery) return reply(t('sms.reply.noOrder'))
  const actor = {
    id: user.id,
    role: user.role as Role | null,
    isVerified: user.isVerified,
    name: user.name,
    email: user.email,
  }
  await releaseOrder(db, order.kind, order.id, actor)
  return reply(t('sms.reply.cancelled', { title: order.listing.title }))
}
