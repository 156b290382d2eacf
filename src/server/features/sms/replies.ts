/**
 * Replies that act (docs/decisions/0052-sms-replies.md): a text from a verified number confirms the
 * latest approved pickup (1: the donor hears they are coming), takes a first-refusal offer (1, an
 * organisation: docs/decisions/0061-sms-in-time.md), cancels the latest open order (0: the orders
 * feature returns the portions and tells the donor through its event), stops (STOP) or resumes
 * (START) all SMS, or asks for help; in English, Sinhala or Tamil. A number a family shares acts
 * for all its accounts (docs/decisions/0062-the-family-phone.md). A stranger or an unknown word gets
 * one help text a day at most. Every text in is logged; the answers go out through the SMS log like
 * any other text.
 */
import type { FairUseLimits } from '../../../shared/fair-use'
import { FIRST_REFUSAL, type FirstRefusalRule } from '../../../shared/first-refusal'
import {
  fitSegments,
  HELP_REPLY_EVERY_HOURS,
  languageOfText,
  MAX_NOTICE_SEGMENTS,
  parseSmsCommand,
  senderNumber,
} from '../../../shared/sms'
import type { Database } from '../../db/client'
import { translator } from '../../platform/i18n'
import type { Counters } from '../../platform/limits'
import type { IncomingSms } from '../../platform/sms-gateway'
import { answerStandingQuantity } from '../standing-offers/service'
import { accountsOnPhone, firstName, setSmsStoppedOnPhone } from '../users/service'
import { OFFER_ANSWER_KIND } from './log'
import { relayReply } from './message-replies'
import { helpSentSince, type SmsOutbox } from './messages'
import { answerCancel, answerConfirm } from './reply-actions'

export async function receiveSms(
  db: Database,
  sms: SmsOutbox,
  incoming: IncomingSms,
  fairUse: FairUseLimits,
  limits: Counters,
  now: Date = new Date(),
  firstRefusal: FirstRefusalRule = FIRST_REFUSAL,
): Promise<void> {
  const phone = senderNumber(incoming.from, incoming.fromType)
  // A sender that is not a whole Sri Lankan number is logged as it came, and acts for nobody.
  if (!phone) return sms.record({ userId: null, phone: incoming.from.slice(0, 32), text: incoming.text })
  const accounts = await accountsOnPhone(db, phone)
  const first = accounts[0]
  await sms.record({ userId: first?.id ?? null, phone, text: incoming.text })
  const command = parseSmsCommand(incoming.text)
  const t = translator(first?.language ?? languageOfText(incoming.text))
  const reply = (text: string, kind = 'reply', userId = first?.id ?? null, relatedId?: string) =>
    sms.queue({ userId, phone, kind, text: fitSegments(text, MAX_NOTICE_SEGMENTS), relatedId })

  // The words, and on a shared phone whose accounts it serves.
  const help = () =>
    accounts.length > 1
      ? t('sms.reply.helpFamily', { names: accounts.map((account) => firstName(account.name)).join(', ') })
      : t('sms.reply.help')

  // A donor asked for today's quantity of a standing offer answers with a bare number, 0 for none
  // (docs/decisions/0068-standing-arrangements.md); without such a question 1 and 0 keep their meaning.
  const standing =
    accounts.some((account) => !account.smsStoppedAt) &&
    (await answerStandingQuantity(db, { accounts, text: incoming.text, now }, { fairUse, firstRefusal }))
  if (standing) {
    const account = accounts.find((candidate) => candidate.id === standing.userId) ?? first!
    return reply(translator(account.language)(standing.key, standing.params), 'reply', account.id)
  }
  // Words that are no command are a message in the sender's latest open thread (docs/decisions/0067-messages-by-sms.md).
  const relayed =
    first && !command ? await relayReply({ db, limits }, accounts, incoming.text, now) : undefined
  if (relayed) {
    const { account, key, params } = relayed
    return reply(translator(account.language)(key, params), 'reply', account.id)
  }
  if (!first || !command) {
    const since = new Date(now.getTime() - HELP_REPLY_EVERY_HOURS * 60 * 60_000)
    if (await helpSentSince(db, phone, since)) return
    return reply(first ? help() : t('sms.reply.unknownSender'), 'help')
  }
  if (command === 'start') {
    await setSmsStoppedOnPhone(db, phone, false)
    return reply(t('sms.reply.started'))
  }
  // After STOP the number hears nothing more but the answer to START.
  if (accounts.every((account) => account.smsStoppedAt)) return
  if (command === 'stop') {
    await setSmsStoppedOnPhone(db, phone, true)
    return reply(t('sms.reply.stopped'))
  }
  if (command === 'help') return reply(help(), 'help')
  const answer =
    command === 'confirm'
      ? await answerConfirm(db, { phone, accounts, fairUse, now })
      : await answerCancel(db, { accounts, now })
  // The answer is in the language, and the log, of the account it acted for.
  const account = accounts.find((candidate) => candidate.id === answer.userId) ?? first
  // The answer to an offer marks it answered: a second 1 does not order it again.
  const kind = answer.offerListingId ? OFFER_ANSWER_KIND : 'reply'
  return reply(
    translator(account.language)(answer.key, answer.params),
    kind,
    account.id,
    answer.offerListingId,
  )
}
