/**
 * A user's orders in their data export, and what deleting an account does to orders
 * (docs/decisions/0039-own-data.md): open ones end with their portions returned, collected ones
 * stay for the impact figures without the requester's contact details.
 */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Actor } from '../../../shared/actor'
import type { OrderKind } from '../../../shared/orders'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { claims, deliveries, foodRequests, listings } from '../../db/schema'
import { concealLocation } from '../listings/service'
import type { NewNotification } from '../notifications/service'
import { moveOrder } from './lifecycle'
import { ordersWhere, presentOrders, tableOf } from './queries'

const KINDS: OrderKind[] = ['claim', 'request']
const OPEN = ['pending', 'confirmed']
const requesterColumn = { claim: claims.claimantId, request: foodRequests.requesterId } as const
const deliveryColumn = { claim: deliveries.claimId, request: deliveries.foodRequestId } as const

/**
 * The claims and food requests the user placed, as they see them on their orders page, but for
 * the donor's street address, postal code, phone and e-mail: those are the donor's data, though the
 * user saw them once approved (docs/decisions/0039-own-data.md). City and district stay. And the
 * handovers of food the user gave.
 */
export async function ordersExport(db: Database, viewer: Actor) {
  const [claimed, requested] = await Promise.all(
    KINDS.map(async (kind) => {
      const orders = await ordersWhere(db, kind, eq(requesterColumn[kind], viewer.id))
      const seen = await presentOrders(db, viewer, orders)
      return seen.map((order) => ({
        ...order,
        listing: concealLocation(order.listing),
      }))
    }),
  )
  const handovers = (await Promise.all(KINDS.map((kind) => handoversOfDonor(db, kind, viewer.id)))).flat()
  return { claims: claimed!, foodRequests: requested!, handovers }
}

/**
 * The food the user gave: each collected order on their listings, with what was recorded at the
 * handover (the code or the reason, the cash received, the weight; by the volunteer for one they
 * delivered, as the donor's order page shows it), and no one else's details
 * (docs/decisions/0047-pickup-codes.md).
 */
async function handoversOfDonor(db: Database, kind: OrderKind, donorId: string) {
  const table = tableOf[kind]
  const rows = await db
    .select({
      id: table.id,
      listingId: table.listingId,
      title: listings.title,
      ...columnsOf(table, 'quantity', 'completedAt', 'handoverVerified', 'unverifiedReason', 'weightKg'),
      ...(kind === 'request' ? { totalPrice: foodRequests.totalPrice, cashPaid: foodRequests.cashPaid } : {}),
    })
    .from(table)
    .innerJoin(listings, eq(listings.id, table.listingId))
    .where(and(eq(listings.donorId, donorId), eq(table.status, 'completed')))
    .orderBy(desc(table.completedAt))
  return rows.map((row) => ({ kind, ...row }))
}

type OpenOrder = {
  kind: OrderKind
  id: string
  listingId: string
  title: string
  donorId: string
  requesterId: string
  quantity: number
}

async function openOrders(tx: Transaction, kind: OrderKind, where: SQL): Promise<OpenOrder[]> {
  const table = tableOf[kind]
  const rows = await tx
    .select({
      id: table.id,
      listingId: table.listingId,
      title: listings.title,
      donorId: listings.donorId,
      requesterId: requesterColumn[kind],
      quantity: table.quantity,
    })
    .from(table)
    .innerJoin(listings, eq(listings.id, table.listingId))
    .where(and(inArray(table.status, OPEN), where))
  return rows.map((row) => ({ ...row, kind }))
}

/**
 * Ends open orders as a withdrawal does (portions back, the listing reopened), with the delivery
 * carrying each: its volunteer, if one had it, is told it is off.
 */
async function endOrders(
  tx: Transaction,
  orders: OpenOrder[],
  deletedName: string,
): Promise<NewNotification[]> {
  const notifications: NewNotification[] = []
  for (const order of orders) {
    await moveOrder(tx, order.kind, order.id, 'withdraw')
    const ended = await tx
      .update(deliveries)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(
        and(
          eq(deliveryColumn[order.kind], order.id),
          inArray(deliveries.status, ['pending', 'assigned', 'in-progress']),
        ),
      )
      .returning({ id: deliveries.id, volunteerId: deliveries.volunteerId })
    for (const delivery of ended) {
      if (delivery.volunteerId) {
        notifications.push({
          userId: delivery.volunteerId,
          type: 'delivery_cancelled',
          params: { name: deletedName, title: order.title },
          relatedId: delivery.id,
        })
      }
    }
  }
  return notifications
}

/** Deleting a requester: their open orders end and each donor is told, as by a cancellation. */
export async function endOrdersOfRequester(
  tx: Transaction,
  userId: string,
  deletedName: string,
): Promise<NewNotification[]> {
  const notifications: NewNotification[] = []
  for (const kind of KINDS) {
    const orders = await openOrders(tx, kind, eq(requesterColumn[kind], userId))
    notifications.push(...(await endOrders(tx, orders, deletedName)))
    for (const order of orders) {
      notifications.push({
        userId: order.donorId,
        type: 'order_cancelled',
        params: { name: deletedName, title: order.title, quantity: order.quantity },
        relatedId: order.id,
      })
    }
  }
  return notifications
}

/** Deleting a donor: the open orders on their listings end and each requester is told it was declined. */
export async function endOrdersOnListingsOf(
  tx: Transaction,
  donorId: string,
  deletedName: string,
): Promise<NewNotification[]> {
  const notifications: NewNotification[] = []
  for (const kind of KINDS) {
    const orders = await openOrders(tx, kind, eq(listings.donorId, donorId))
    notifications.push(...(await endOrders(tx, orders, deletedName)))
    for (const order of orders) {
      notifications.push({
        userId: order.requesterId,
        type: kind === 'claim' ? 'claim_declined' : 'request_declined',
        params: { title: order.title, quantity: order.quantity, donor: deletedName },
        relatedId: order.id,
      })
    }
  }
  return notifications
}

/** The phone, e-mail and notes the user gave on their orders; the orders stay for the figures. */
export async function forgetRequesterDetails(tx: Transaction, userId: string): Promise<void> {
  const erased = { phone: null, email: null, notes: null, updatedAt: new Date() }
  await tx.update(claims).set(erased).where(eq(claims.claimantId, userId))
  await tx.update(foodRequests).set(erased).where(eq(foodRequests.requesterId, userId))
}
