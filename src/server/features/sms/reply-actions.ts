/**
 * What a reply of 1 or 0 does among the accounts on one number (docs/decisions/0062-the-family-phone.md):
 * 1 takes a first-refusal offer still open to the number when it came after the latest approval,
 * else confirms the latest approved pickup; 0 lets the latest open order go. Each answer names the
 * account it acted for.
 */
import type { FairUseLimits } from '../../../shared/fair-use'
import type { Role } from '../../../shared/reference-data'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import type { Database } from '../../db/client'
import type { users } from '../../db/schema'
import { translator } from '../../platform/i18n'
import { confirmAttendance, latestOpenOrderOf, releaseOrder, takeOffer } from '../orders/service'
import { latestOfferTo } from './log'

type Account = typeof users.$inferSelect
export type ReplyAnswer = {
  userId: string
  key: string
  params?: Record<string, string | number>
  /** The listing an answer to an offer is about: the offer counts as answered. */
  offerListingId?: string
}

const actorOf = (account: Account) => ({
  id: account.id,
  role: account.role as Role | null,
  isVerified: account.isVerified,
  name: account.name,
  email: account.email,
})

const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`

export async function answerConfirm(
  db: Database,
  {
    phone,
    accounts,
    fairUse,
    now,
  }: { phone: string; accounts: Account[]; fairUse: FairUseLimits; now: Date },
): Promise<ReplyAnswer> {
  const ids = accounts.map((account) => account.id)
  const [offer, order] = await Promise.all([
    latestOfferTo(db, phone, now),
    latestOpenOrderOf(db, ids, ['confirmed'], now),
  ])
  const offerAccount = offer && accounts.find((account) => account.id === offer.userId)
  if (offer && offerAccount && (!order?.decidedAt || offer.createdAt.toISOString() > order.decidedAt)) {
    const taken = await takeOffer(db, { ...actorOf(offerAccount), phone }, offer.listingId, fairUse, now)
    const answer = { userId: offerAccount.id, offerListingId: offer.listingId }
    if (taken.ok) {
      return {
        ...answer,
        key: 'sms.reply.offerTaken',
        params: { quantity: taken.quantity, title: taken.title },
      }
    }
    if (taken.reason === 'sms.reply.offerGone') return { ...answer, key: taken.reason }
    const reason = translator(offerAccount.language)(taken.reason, taken.params)
    return { ...answer, key: 'sms.reply.offerRefused', params: { reason } }
  }
  if (!order) return { userId: accounts[0]!.id, key: 'sms.reply.noPickup' }
  await confirmAttendance(db, order.kind, order.id, now)
  const { date, time } = sriLankaParts(order.pickupAt)
  return {
    userId: order.requester.id,
    key: 'sms.reply.confirmed',
    params: { title: order.listing.title, time, date: dayMonth(date) },
  }
}

export async function answerCancel(
  db: Database,
  { accounts, now }: { accounts: Account[]; now: Date },
): Promise<ReplyAnswer> {
  const order = await latestOpenOrderOf(
    db,
    accounts.map((account) => account.id),
    ['pending', 'confirmed'],
    now,
  )
  const account = order && accounts.find((candidate) => candidate.id === order.requester.id)
  // An order with a delivery is let go on the web, where its volunteer is seen.
  if (!order || !account || order.delivery) return { userId: accounts[0]!.id, key: 'sms.reply.noOrder' }
  await releaseOrder(db, order.kind, order.id, actorOf(account))
  return { userId: account.id, key: 'sms.reply.cancelled', params: { title: order.listing.title } }
}
