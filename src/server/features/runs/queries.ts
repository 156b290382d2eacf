/** Reading runs, and the deliveries a run plans with: their two ends as points, their clocks. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { findDistrict } from '../../../shared/districts'
import type { Point } from '../../../shared/geo'
import type { StopKind } from '../../../shared/run-order'
import type { DeliveryClock } from '../../../shared/run-schedule'
import type { Run } from '../../../shared/schemas/runs'
import type { Database, Transaction } from '../../db/client'
import { columnsOf } from '../../db/columns-of'
import { claims, deliveries, foodRequests, listings, runStops, runs } from '../../db/schema'
import type { Change } from '../../platform/domain-events'
import { notFound } from '../../platform/errors'

/**
 * A point of a place, or its district's centre when the place has none yet (older listings and
 * drop-offs): distances stay estimates, and the stop says it is approximate (0071).
 */
function pointOr(
  lat: number | null,
  lng: number | null,
  district: string,
): { point: Point; approximate: boolean } {
  if (lat !== null && lng !== null) return { point: { lat, lng }, approximate: false }
  const centre = findDistrict(district)!
  return { point: { lat: centre.lat, lng: centre.lng }, approximate: true }
}

/** Mirrors the deliveries feature's approvedSql: the donor approved the order (or it has none). */
const approved = sql<boolean>`(
  (${deliveries.claimId} is null and ${deliveries.foodRequestId} is null)
  or exists (select 1 from ${claims} where ${claims.id} = ${deliveries.claimId} and ${claims.status} in ('confirmed', 'completed'))
  or exists (select 1 from ${foodRequests} where ${foodRequests.id} = ${deliveries.foodRequestId} and ${foodRequests.status} in ('confirmed', 'completed'))
)`

export type PlannedDelivery = Awaited<ReturnType<typeof plannedDeliveries>>[number]

/** The deliveries a run is planned with, in the order of `ids`; missing ones are left out. */
export async function plannedDeliveries(db: Database | Transaction, ids: readonly string[]) {
  const rows = await db
    .select({
      ...columnsOf(
        deliveries,
        'id',
        'status',
        'volunteerId',
        'requesterId',
        'district',
        'deliveryAt',
        'dropOffLat',
        'dropOffLng',
        'pickedUpAt',
        'completedAt',
      ),
      ...columnsOf(listings, 'donorId', 'title', 'pickupDistrict', 'pickupLat', 'pickupLng', 'safeUntil'),
      approved,
      pickupPlace: sql<string>`${listings.pickupAddress} || ', ' || ${listings.pickupCity}`,
      dropoffPlace: sql<string>`${deliveries.address} || ', ' || ${deliveries.city}`,
    })
    .from(deliveries)
    .innerJoin(listings, eq(listings.id, deliveries.listingId))
    .where(inArray(deliveries.id, [...ids]))
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const pickup = pointOr(row.pickupLat, row.pickupLng, row.pickupDistrict)
    const dropoff = pointOr(row.dropOffLat, row.dropOffLng, row.district)
    return [{ ...row, approved: Boolean(row.approved), pickup, dropoff }]
  })
}

export type RunRow = typeof runs.$inferSelect
export type StopRow = typeof runStops.$inferSelect

export async function findRun(db: Database | Transaction, id: string): Promise<RunRow> {
  const [row] = await db.select().from(runs).where(eq(runs.id, id)).limit(1)
  if (!row) throw notFound('runs.errors.notFound')
  return row
}

export async function stopsOf(db: Database | Transaction, runIds: readonly string[]): Promise<StopRow[]> {
  if (runIds.length === 0) return []
  return db
    .select()
    .from(runStops)
    .where(inArray(runStops.runId, [...runIds]))
    .orderBy(asc(runStops.runId), asc(runStops.position))
}

/** The run as its volunteer sees it: every stop's place and point. */
export async function presentRun(db: Database | Transaction, run: RunRow, stops: StopRow[]): Promise<Run> {
  const planned = await plannedDeliveries(db, [...new Set(stops.map((s) => s.deliveryId))])
  const byId = new Map(planned.map((d) => [d.id, d]))
  const from = run.fromLat !== null && run.fromLng !== null ? { lat: run.fromLat, lng: run.fromLng } : null
  const base = run.createdAt.getTime()
  return {
    id: run.id,
    status: run.status as Run['status'],
    createdAt: run.createdAt.toISOString(),
    completedAt: run.completedAt?.toISOString() ?? null,
    from,
    stops: stops.map((stop) => {
      const d = byId.get(stop.deliveryId)!
      const end = stop.kind === 'pickup' ? d.pickup : d.dropoff
      return {
        deliveryId: stop.deliveryId,
        kind: stop.kind,
        place: stop.kind === 'pickup' ? d.pickupPlace : d.dropoffPlace,
        point: end.point,
        approximate: end.approximate,
        legKm: Math.round(stop.legKm * 10) / 10,
        etaMinutes: Math.max(0, Math.round((stop.etaAt.getTime() - base) / 60_000)),
        etaAt: stop.etaAt.toISOString(),
        doneAt: stop.doneAt?.toISOString() ?? null,
      }
    }),
    totalKm: Math.round(run.totalKm * 10) / 10,
    totalMinutes: run.totalMinutes,
  }
}

export async function volunteerRuns(db: Database, volunteerId: string) {
  return db
    .select()
    .from(runs)
    .where(eq(runs.volunteerId, volunteerId))
    .orderBy(desc(runs.createdAt))
    .limit(50)
}

/** The active run stop of a delivery, with its run. */
export async function activeStopsOf(db: Database | Transaction, deliveryId: string) {
  return db
    .select({ run: runs, stop: runStops })
    .from(runStops)
    .innerJoin(runs, eq(runs.id, runStops.runId))
    .where(and(eq(runStops.deliveryId, deliveryId), eq(runs.status, 'active')))
}

export type { StopKind }

/**
 * "Download my data" (docs/decisions/0039-own-data.md): the volunteer's runs, where they set off
 * from, and each stop's delivery, kind and times; the stops' places are their deliveries' (in the
 * deliveries section as the volunteer saw them).
 */
export async function runsExport(db: Database, volunteerId: string) {
  const rows = await volunteerRuns(db, volunteerId)
  const stops = await stopsOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((run) => ({
    id: run.id,
    status: run.status,
    createdAt: run.createdAt.toISOString(),
    completedAt: run.completedAt?.toISOString() ?? null,
    from: run.fromLat !== null && run.fromLng !== null ? { lat: run.fromLat, lng: run.fromLng } : null,
    totalKm: run.totalKm,
    totalMinutes: run.totalMinutes,
    stops: stops
      .filter((s) => s.runId === run.id)
      .map((s) => ({
        deliveryId: s.deliveryId,
        kind: s.kind,
        legKm: s.legKm,
        etaAt: s.etaAt.toISOString(),
        doneAt: s.doneAt?.toISOString() ?? null,
      })),
  }))
}

/** Who hears of a run's changes: its volunteer, and the requesters and donors of its deliveries. */
export function runChanges(volunteerId: string, planned: readonly PlannedDelivery[]): Change[] {
  const userIds = [...new Set([volunteerId, ...planned.flatMap((d) => [d.requesterId, d.donorId])])]
  return [
    { table: 'runs', userIds },
    { table: 'deliveries', userIds },
    { table: 'orders', userIds },
  ]
}

export const clockOf = (d: PlannedDelivery): DeliveryClock => ({
  deliveryId: d.id,
  deliveryAt: d.deliveryAt,
  safeUntil: d.safeUntil,
})
