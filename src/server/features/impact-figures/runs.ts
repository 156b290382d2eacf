/** Runs' figures (docs/decisions/0071-volunteer-runs.md): everyone's for the impact page, one volunteer's for their dashboard. */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { kmPerServing, stopsPerRun } from '../../../shared/impact'
import type { Database } from '../../db/client'
import { deliveries, runStops, runs } from '../../db/schema'
import { tally, total } from './figures'

/** Completed runs (of `volunteerId`, else everyone's): how many, their stops per run and km per serving. */
export async function runFigures(db: Database, volunteerId?: string) {
  const where: SQL | undefined = and(
    eq(runs.status, 'completed'),
    volunteerId ? eq(runs.volunteerId, volunteerId) : undefined,
  )
  const completed = db.select({ id: runs.id }).from(runs).where(where)
  const [[run], [stops], [served]] = await Promise.all([
    db
      .select({ count: tally(), km: sql<number>`coalesce(sum(${runs.totalKm}), 0)::float8`.mapWith(Number) })
      .from(runs)
      .where(where),
    db.select({ count: tally() }).from(runStops).where(inArray(runStops.runId, completed)),
    // Each delivered serving once: the drop-off stops of completed runs.
    db
      .select({ servings: total(deliveries.quantity) })
      .from(runStops)
      .innerJoin(deliveries, eq(deliveries.id, runStops.deliveryId))
      .where(and(inArray(runStops.runId, completed), eq(runStops.kind, 'dropoff'))),
  ])
  return {
    completed: run!.count,
    stopsPerRun: stopsPerRun(stops!.count, run!.count),
    kmPerServing: kmPerServing(run!.km, served!.servings),
  }
}
