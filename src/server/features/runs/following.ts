/**
 * Following a run (docs/decisions/0071-volunteer-runs.md): its stops marked done by the deliveries'
 * own steps, as an outbox subscriber of their events, and the rest timed again.
 */
import { and, eq } from 'drizzle-orm'
import type { StopRef } from '../../../shared/run-order'
import { stopTimes, type Vehicle } from '../../../shared/run-schedule'
import type { Database, Transaction } from '../../db/client'
import { runStops, runs, users } from '../../db/schema'
import type { DomainEvent } from '../../platform/domain-events'
import { recordEvents, type Subscriber } from '../../platform/outbox'
import { activeStopsOf, clockOf, findRun, plannedDeliveries, runChanges, stopsOf } from './queries'
import { legsAlong } from './routing'

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
