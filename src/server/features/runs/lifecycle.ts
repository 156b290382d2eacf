/**
 * Planning a run and following it (docs/decisions/0071-volunteer-runs.md): the order of its stops,
 * the food-safety check at each drop-off, its deliveries accepted all together or not at all, and its
 * stops marked done by the deliveries' own steps (an outbox subscriber of their events).
 */
import { and, eq } from 'drizzle-orm'
import type { Point } from '../../../shared/geo'
import { refusal } from '../../../shared/policy'
import {
  isValidOrder,
  type RunDelivery,
  type StopRef,
  shortOrder,
  stopDistances,
  stopNumbers,
  stopRefs,
} from '../../../shared/run-order'
import {
  type DeliveryClock,
  MINUTES_PER_STOP,
  runProblems,
  safeOrder,
  stopTimes,
  type Vehicle,
} from '../../../shared/run-schedule'
import type { DeliveryRun, Run, RunInput } from '../../../shared/schemas/runs'
import type { Database, Transaction } from '../../db/client'
import { runStops, runs, users } from '../../db/schema'
import { authorize } from '../../platform/auth'
import type { Change, DomainEvent } from '../../platform/domain-events'
import { AppError, conflict, fieldError } from '../../platform/errors'
import { recordEvents, type Subscriber } from '../../platform/outbox'
import { acceptDeliveriesFor, type DeliveryActor, getVisibleDelivery } from '../deliveries/service'
import {
  activeStopsOf,
  findRun,
  type PlannedDelivery,
  plannedDeliveries,
  presentRun,
  stopsOf,
} from './queries'
import { legsKm } from './routing'

const MINUTE_MS = 60_000

/** The refusal of each problem of a run (src/shared/run-schedule.ts). */
const PROBLEM_KEYS = { foodUnsafe: 'runs.errors.foodUnsafe', tooLate: 'runs.errors.tooLate' } as const

/** Who hears of a run's changes: its volunteer, and the requesters and donors of its deliveries. */
function runChanges(volunteerId: string, planned: readonly PlannedDelivery[]): Change[] {
  const userIds = [...new Set([volunteerId, ...planned.flatMap((d) => [d.requesterId, d.donorId])])]
  return [
    { table: 'runs', userIds },
    { table: 'deliveries', userIds },
    { table: 'orders', userIds },
  ]
}

const clockOf = (d: PlannedDelivery): DeliveryClock => ({
  deliveryId: d.id,
  deliveryAt: d.deliveryAt,
  safeUntil: d.safeUntil,
})

/** The volunteer's start (their point now, else their home point) and vehicle. */
async function startOf(db: Database, volunteerId: string, from: Point | undefined) {
  const [row] = await db
    .select({ homeLat: users.homeLat, homeLng: users.homeLng, vehicle: users.vehicle })
    .from(users)
    .where(eq(users.id, volunteerId))
  const home = row?.homeLat != null && row.homeLng != null ? { lat: row.homeLat, lng: row.homeLng } : null
  return { start: from ?? home, vehicle: (row?.vehicle ?? null) as Vehicle | null }
}

/** Each stop's leg: from the start (none: the first pickup, 0 km) or the stop before. */
async function legsAlong(start: Point | null, points: Point[], routingUrl: string | undefined) {
  return start ? legsKm([start, ...points], routingUrl) : [0, ...(await legsKm(points, routingUrl))]
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

export async function getRun(db: Database, id: string, viewer: DeliveryActor): Promise<Run> {
  const run = await findRun(db, id)
  authorize(viewer, 'run.view', { volunteerId: run.volunteerId })
  return presentRun(db, run, await stopsOf(db, [id]))
}

export async function listRuns(db: Database, viewer: DeliveryActor): Promise<Run[]> {
  const rows = await db.select().from(runs).where(eq(runs.volunteerId, viewer.id))
  const stops = await stopsOf(
    db,
    rows.map((r) => r.id),
  )
  const sorted = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  return Promise.all(
    sorted.map((run) =>
      presentRun(
        db,
        run,
        stops.filter((s) => s.runId === run.id),
      ),
    ),
  )
}

/**
 * A delivery's place in its active run, for the people the delivery concerns: its requester sees
 * the drop-off, its donor the pickup (its volunteer, the drop-off too), as "n stops away" and a
 * time; never the other stops' places (0071). Null when it is in no active run or already past.
 */
export async function deliveryRun(
  db: Database,
  deliveryId: string,
  viewer: DeliveryActor,
): Promise<DeliveryRun> {
  const delivery = await getVisibleDelivery(db, deliveryId, viewer)
  const kind = viewer.id === delivery.listing.donorId ? 'pickup' : 'dropoff'
  const [found] = (await activeStopsOf(db, deliveryId)).filter((row) => row.stop.kind === kind)
  if (!found || found.stop.doneAt) return null
  const stops = await stopsOf(db, [found.run.id])
  const stopsAway = stops.filter((s) => s.position < found.stop.position && s.doneAt === null).length
  return { stopsAway, etaAt: found.stop.etaAt.toISOString(), kind }
}

/** A delivery's step that ends a stop, and which. */
function stepOf(event: DomainEvent): { deliveryId: string; kind: 'pickup' | 'dropoff' | 'left' } | null {
  if (event.type === 'delivery.pickedUp') return { deliveryId: event.payload.deliveryId, kind: 'pickup' }
  if (event.type === 'delivery.delivered') return { deliveryId: event.payload.deliveryId, kind: 'dropoff' }
  if (event.type === 'delivery.handedBack') return { deliveryId: event.payload.deliveryId, kind: 'left' }
  return null
}

/**
 * The rest of a run's stops timed again from `at`, from where the volunteer is (the last stop done,
 * else the run's start): each later stop's leg and arrival, as when the run was made.
 */
async function retime(tx: Transaction, runId: string, at: Date, routingUrl: string | undefined) {
  const run = await findRun(tx, runId)
  const stops = await stopsOf(tx, [runId])
  const planned = await plannedDeliveries(tx, [...new Set(stops.map((s) => s.deliveryId))])
  const byId = new Map(planned.map((d) => [d.id, d]))
  const pointOf = (s: (typeof stops)[number]) => {
    const d = byId.get(s.deliveryId)!
    return s.kind === 'pickup' ? d.pickup.point : d.dropoff.point
  }
  const done = stops.filter((s) => s.doneAt !== null)
  const rest = stops.filter((s) => s.doneAt === null)
  const lastDone = done[done.length - 1]
  const from = lastDone
    ? pointOf(lastDone)
    : run.fromLat !== null && run.fromLng !== null
      ? { lat: run.fromLat, lng: run.fromLng }
      : null
  const legs = await legsAlong(from, rest.map(pointOf), routingUrl)
  const [volunteer] = await tx
    .select({ vehicle: users.vehicle })
    .from(users)
    .where(eq(users.id, run.volunteerId))
  const refs: StopRef[] = rest.map((s) => ({ deliveryId: s.deliveryId, kind: s.kind }))
  const arrivals = stopTimes(
    refs,
    legs,
    (volunteer?.vehicle ?? null) as Vehicle | null,
    at,
    planned.map(clockOf),
  )
  for (const [i, stop] of rest.entries()) {
    await tx
      .update(runStops)
      .set({ legKm: legs[i]!, etaAt: arrivals[i]! })
      .where(and(eq(runStops.runId, runId), eq(runStops.position, stop.position)))
  }
  return { run, planned, rest }
}

/**
 * Marks a run's stop done when its delivery's step is taken (picked up, delivered), or takes a
 * handed-back delivery out of its run; the rest of the run is timed again, and the run completes
 * with its last stop (or is cancelled with no stop left). Each as a `run.*` event its parties hear.
 */
export function runsSubscriber(db: Database, routingUrl: string | undefined): Subscriber {
  return {
    name: 'runs',
    hears: (event) => stepOf(event) !== null,
    async deliver(event, delivery) {
      const step = stepOf(event)!
      const [found] = await activeStopsOf(db, step.deliveryId)
      if (!found) return
      const runId = found.run.id
      await delivery.once(async (tx) => {
        // The step's own time (the outbox stamps its events by the database's clock).
        const [moved] = await plannedDeliveries(tx, [step.deliveryId])
        const at =
          (step.kind === 'pickup'
            ? moved?.pickedUpAt
            : step.kind === 'dropoff'
              ? moved?.completedAt
              : null) ?? event.createdAt
        if (step.kind === 'left') {
          const before = await stopsOf(tx, [runId])
          const kept = before.filter((s) => s.deliveryId !== step.deliveryId)
          await tx.delete(runStops).where(eq(runStops.runId, runId))
          if (kept.length > 0)
            await tx.insert(runStops).values(kept.map((s, position) => ({ ...s, position })))
        } else {
          await tx
            .update(runStops)
            .set({ doneAt: at })
            .where(
              and(
                eq(runStops.runId, runId),
                eq(runStops.deliveryId, step.deliveryId),
                eq(runStops.kind, step.kind),
              ),
            )
        }
        const { run, planned, rest } = await retime(tx, runId, at, routingUrl)
        const remaining = await stopsOf(tx, [runId])
        const status = remaining.length === 0 ? 'cancelled' : rest.length === 0 ? 'completed' : 'active'
        if (status !== 'active')
          await tx
            .update(runs)
            .set({ status, completedAt: status === 'completed' ? at : null })
            .where(eq(runs.id, runId))
        const involved =
          step.kind === 'left' ? [...planned, ...(await plannedDeliveries(tx, [step.deliveryId]))] : planned
        const ref = { runId, volunteerId: run.volunteerId, deliveryIds: planned.map((d) => d.id) }
        const changes = runChanges(run.volunteerId, involved)
        await recordEvents(
          tx,
          step.kind === 'left'
            ? { type: 'run.deliveryLeft', payload: { ...ref, deliveryId: step.deliveryId }, changes }
            : {
                type: 'run.stopDone',
                payload: { ...ref, deliveryId: step.deliveryId, kind: step.kind },
                changes,
              },
          ...(status === 'completed' ? [{ type: 'run.completed' as const, payload: ref, changes }] : []),
        )
      })
    },
  }
}
