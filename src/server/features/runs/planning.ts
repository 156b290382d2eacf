/**
 * Planning a run (docs/decisions/0071-volunteer-runs.md): the order of its stops, the food-safety
 * check at each drop-off, and its deliveries accepted all together or not at all.
 */
import { eq } from 'drizzle-orm'
import type { Point } from '../../../shared/geo'
import { refusal } from '../../../shared/policy'
import {
  isValidOrder,
  type RunDelivery,
  shortOrder,
  stopDistances,
  stopNumbers,
  stopRefs,
} from '../../../shared/run-order'
import {
  MINUTES_PER_STOP,
  runProblems,
  safeOrder,
  stopTimes,
  type Vehicle,
} from '../../../shared/run-schedule'
import type { Run, RunInput } from '../../../shared/schemas/runs'
import type { Database } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { runStops, runs, users } from '../../db/schema'
import { AppError, conflict, fieldError } from '../../platform/errors'
import { recordEvents } from '../../platform/outbox'
import { acceptDeliveriesFor, type DeliveryActor } from '../deliveries/service'
import { clockOf, findRun, plannedDeliveries, presentRun, runChanges, stopsOf } from './queries'
import { legsAlong } from './routing'

const MINUTE_MS = 60_000

/** The refusal of each problem of a run (src/shared/run-schedule.ts). */
const PROBLEM_KEYS = { foodUnsafe: 'runs.errors.foodUnsafe', tooLate: 'runs.errors.tooLate' } as const

/** The volunteer's start (their point now, else their home point) and vehicle. */
async function startOf(db: Database, volunteerId: string, from: Point | undefined) {
  const [row] = await db
    .select(columnsOf(users, 'homeLat', 'homeLng', 'vehicle'))
    .from(users)
    .where(eq(users.id, volunteerId))
  const home = row?.homeLat != null && row.homeLng != null ? { lat: row.homeLat, lng: row.homeLng } : null
  return { start: from ?? home, vehicle: (row?.vehicle ?? null) as Vehicle | null }
}

/**
 * Creates a run of waiting deliveries for `actor`, in the volunteer's `order` or the shortest one.
 * Refused: a delivery out of reach (403), not waiting (409), food unsafe or late on arrival (409
 * naming it and by how many minutes, with an order that works when one does), or taken by someone
 * else meanwhile (409: nothing is accepted).
 */
export async function createRun(
  db: Database,
  actor: DeliveryActor,
  input: RunInput,
  routingUrl: string | undefined,
): Promise<Run> {
  const planned = await plannedDeliveries(db, input.deliveryIds)
  if (planned.length !== input.deliveryIds.length)
    throw fieldError('deliveryIds', 'runs.errors.unknownDelivery')
  for (const d of planned) {
    // Reach by distance where both ends have their own point (docs/decisions/0070-places-are-points.md).
    const refused = refusal(actor, 'run.create', {
      pickupDistrict: d.pickupDistrict,
      district: d.district,
      pickupPoint: d.pickup.approximate ? null : d.pickup.point,
      dropOffPoint: d.dropoff.approximate ? null : d.dropoff.point,
      requesterId: d.requesterId,
    })
    if (refused)
      throw new AppError(refused.status, 'forbidden', refused.key, { title: d.title, deliveryId: d.id })
    if (d.status !== 'pending' || d.volunteerId !== null || !d.approved)
      throw conflict('runs.errors.notWaiting', { title: d.title, deliveryId: d.id })
  }
  const now = new Date()
  const { start, vehicle } = await startOf(db, actor.id, input.from)
  const ends: RunDelivery[] = planned.map((d) => ({
    id: d.id,
    pickup: d.pickup.point,
    dropoff: d.dropoff.point,
  }))
  const distances = stopDistances(start, ends)
  const chosen = input.order ? stopNumbers(input.order, ends) : shortOrder(distances)
  if (!chosen || !isValidOrder(chosen, ends.length * 2)) throw fieldError('order', 'runs.errors.badOrder')
  const refs = stopRefs(chosen, ends)
  const points = refs.map((ref, i) => {
    const d = planned[Math.floor(chosen[i]! / 2)]!
    return ref.kind === 'pickup' ? d.pickup.point : d.dropoff.point
  })
  const legs = await legsAlong(start, points, routingUrl)
  const clocks = planned.map(clockOf)
  const arrivals = stopTimes(refs, legs, vehicle, now, clocks)
  const [problem] = runProblems(refs, arrivals, clocks)
  if (problem) {
    const suggested = safeOrder(distances, (order) => stopRefs(order, ends), vehicle, now, clocks)
    const title = planned.find((d) => d.id === problem.deliveryId)!.title
    throw new AppError(
      409,
      'conflict',
      PROBLEM_KEYS[problem.reason],
      { title, deliveryId: problem.deliveryId, minutes: problem.minutes },
      undefined,
      undefined,
      suggested ? { suggestedOrder: stopRefs(suggested, ends) } : undefined,
    )
  }
  const last = arrivals[arrivals.length - 1]!.getTime() + MINUTES_PER_STOP * MINUTE_MS
  const id = await db.transaction(async (tx) => {
    const { notAccepted } = await acceptDeliveriesFor(tx, input.deliveryIds, actor, now)
    if (notAccepted.length > 0) {
      const taken = planned.find((d) => d.id === notAccepted[0])!
      throw conflict('runs.errors.taken', { title: taken.title, deliveryId: taken.id })
    }
    const [run] = await tx
      .insert(runs)
      .values({
        volunteerId: actor.id,
        fromLat: input.from?.lat ?? null,
        fromLng: input.from?.lng ?? null,
        totalKm: legs.reduce((sum, leg) => sum + leg, 0),
        totalMinutes: Math.round((last - now.getTime()) / MINUTE_MS),
        createdAt: now,
      })
      .returning({ id: runs.id })
    await tx.insert(runStops).values(
      refs.map((ref, position) => ({
        runId: run!.id,
        position,
        deliveryId: ref.deliveryId,
        kind: ref.kind,
        legKm: legs[position]!,
        etaAt: arrivals[position]!,
      })),
    )
    await recordEvents(tx, {
      type: 'run.created',
      payload: { runId: run!.id, volunteerId: actor.id, deliveryIds: input.deliveryIds },
      changes: runChanges(actor.id, planned),
    })
    return run!.id
  })
  const run = await findRun(db, id)
  return presentRun(db, run, await stopsOf(db, [id]))
}
