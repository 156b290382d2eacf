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

export async function createClaim(
  db: Database,
  listingId: string,
  user: SessionUserLike,
  input: ClaimData,
  limits: FairUseLimits,
  options: PlacingOptions = {},
) {
  const { created, listing } = await reserve(
    db,
    listingId,
    user,
    'listing.claim',
    'free',
    input.quantity,
    sriLankaInstant(input.pickupDate, input.pickupTime),
    limits,
    async (tx, locked, requesterName) => {
      const [row] = await tx
        .insert(claims)
        .values({
          listingId,
          claimantId: user.id,
          quantity: input.quantity,
          pickupAt: sriLankaInstant(input.pickupDate, input.pickupTime),
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
    options,
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
  const { created, listing } = await reserve(
    db,
    listingId,
    user,
    'listing.request',
    'half-price',
    input.quantity,
    sriLankaInstant(input.pickupDate, input.pickupTime),
    limits,
    async (tx, locked, requesterName) => {
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
          pickupAt: sriLankaInstant(input.pickupDate, input.pickupTime),
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
    options,
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
