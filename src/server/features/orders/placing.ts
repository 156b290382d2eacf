import type { FairUseLimits } from '../../../shared/fair-use'
import type { OrderKind } from '../../../shared/orders'
import type { ClaimData, FoodRequestData } from '../../../shared/schemas/order-input'
import { sriLankaInstant } from '../../../shared/sri-lanka-time'
import type { Database, Transaction } from '../../db/client'
import { claims, foodRequests, type listings } from '../../db/schema'
import type { NewNotification } from '../../platform/domain-events'
import { recordEvents } from '../../platform/outbox'
import type { SessionUserLike } from './queries'

import { type PlacingOptions, reserve } from './reserving'

/** What a claim or a food request takes: a claim free food, a food request half-price food. */
const PICKUP_ORDERS = {
  claim: { action: 'listing.claim', type: 'free' },
  request: { action: 'listing.request', type: 'half-price' },
} as const

/**
 * Reserves a claim's or a food request's portions for the pickup the user chose; `insert` writes
 * the order (picked up at `pickupAt`) and its event in the same transaction.
 */
function reserveForPickup<T>(
  order: {
    db: Database
    listingId: string
    user: SessionUserLike
    kind: OrderKind
    input: { quantity: number; pickupDate: string; pickupTime: string }
    limits: FairUseLimits
    options: PlacingOptions
  },
  insert: (
    tx: Transaction,
    listing: typeof listings.$inferSelect,
    requesterName: string,
    pickupAt: Date,
  ) => Promise<T>,
) {
  const { db, listingId, user, kind, input, limits, options } = order
  const { action, type } = PICKUP_ORDERS[kind]
  const pickupAt = sriLankaInstant(input.pickupDate, input.pickupTime)
  const insertAt = (tx: Transaction, listing: typeof listings.$inferSelect, requesterName: string) =>
    insert(tx, listing, requesterName, pickupAt)
  return reserve(db, listingId, user, action, type, input.quantity, pickupAt, limits, insertAt, options)
}

export async function createClaim(
  db: Database,
  listingId: string,
  user: SessionUserLike,
  input: ClaimData,
  limits: FairUseLimits,
  options: PlacingOptions = {},
) {
  const { created, listing } = await reserveForPickup(
    { db, listingId, user, kind: 'claim', input, limits, options },
    async (tx, locked, requesterName, pickupAt) => {
      const [row] = await tx
        .insert(claims)
        .values({
          listingId,
          claimantId: user.id,
          quantity: input.quantity,
          pickupAt,
          contactMethod: input.contactMethod,
          phone: input.phone || null,
          email: input.email || null,
          notes: input.notes ?? null,
        })
        .returning({ id: claims.id })
      await recordEvents(
        tx,
        placedEvent('claim', row!.id, locked, user, {
          type: 'food_claim',
          params: { name: requesterName, quantity: input.quantity, title: locked.title },
        }),
      )
      return row!.id
    },
  )
  return { id: created, listing }
}

/** The donor hears of a new order; both parties' order lists and the listing's portions change. */
function placedEvent(
  kind: OrderKind,
  orderId: string,
  listing: typeof listings.$inferSelect,
  user: SessionUserLike,
  notice: Pick<NewNotification, 'type' | 'params'>,
) {
  return {
    type: 'order.placed' as const,
    payload: {
      kind,
      orderId,
      listingId: listing.id,
      donorId: listing.donorId,
      requesterId: user.id,
      deliveryId: null,
    },
    notices: [{ userId: listing.donorId, relatedId: orderId, ...notice }],
    changes: [
      { table: 'orders' as const, userIds: [listing.donorId, user.id] },
      { table: 'listings' as const },
    ],
  }
}

export async function createFoodRequest(
  db: Database,
  listingId: string,
  user: SessionUserLike,
  input: FoodRequestData,
  limits: FairUseLimits,
  options: PlacingOptions = {},
) {
  const { created, listing } = await reserveForPickup(
    { db, listingId, user, kind: 'request', input, limits, options },
    async (tx, locked, requesterName, pickupAt) => {
      const [row] = await tx
        .insert(foodRequests)
        .values({
          listingId,
          requesterId: user.id,
          quantity: input.quantity,
          // The price is the listing's, never the client's.
          unitPrice: locked.price,
          totalPrice: locked.price * input.quantity,
          paymentMethod: input.paymentMethod,
          pickupAt,
          phone: input.phone,
          email: user.email,
          notes: input.notes ?? null,
        })
        .returning({ id: foodRequests.id, totalPrice: foodRequests.totalPrice })
      await recordEvents(
        tx,
        placedEvent('request', row!.id, locked, user, {
          type: 'food_request',
          params: {
            name: requesterName,
            quantity: input.quantity,
            title: locked.title,
            total: row!.totalPrice,
          },
        }),
      )
      return row!
    },
  )
  return { id: created.id, listing }
}

/** The order a delivery carries: its portions, when and how to reach the requester. */
export type DeliveryOrderInput = {
  quantity: number
  deliveryAt: Date
  phone: string
  notes: string | null
}

/**
 * Places the order of a delivery request: a claim on free food, a food request on half-price food
 * (paid in cash on delivery), reserved exactly like one; `attach` writes the delivery in the same
 * transaction, so the portions and the delivery exist together or not at all.
 */
export async function createDeliveryOrder<T>(
  db: Database,
  listingId: string,
  user: SessionUserLike,
  input: DeliveryOrderInput,
  limits: FairUseLimits,
  attach: (
    tx: Transaction,
    order: { kind: OrderKind; id: string },
    listing: typeof listings.$inferSelect,
  ) => Promise<T>,
) {
  const { created, listing } = await reserve(
    db,
    listingId,
    user,
    'listing.askDelivery',
    null,
    input.quantity,
    input.deliveryAt,
    limits,
    async (tx, locked) => {
      const common = {
        listingId,
        quantity: input.quantity,
        pickupAt: input.deliveryAt,
        phone: input.phone,
        email: user.email,
        notes: input.notes,
      }
      const order =
        locked.type === 'half-price'
          ? {
              kind: 'request' as const,
              id: (
                await tx
                  .insert(foodRequests)
                  .values({
                    ...common,
                    requesterId: user.id,
                    unitPrice: locked.price,
                    totalPrice: locked.price * input.quantity,
                    paymentMethod: 'cash',
                  })
                  .returning({ id: foodRequests.id })
              )[0]!.id,
            }
          : {
              kind: 'claim' as const,
              id: (
                await tx
                  .insert(claims)
                  .values({ ...common, claimantId: user.id, contactMethod: 'phone' })
                  .returning({ id: claims.id })
              )[0]!.id,
            }
      return { order, attached: await attach(tx, order, locked) }
    },
  )
  return { ...created, listing }
}
