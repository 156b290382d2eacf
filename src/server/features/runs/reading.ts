/** A volunteer's runs, and a delivery's place in its run, as their viewers may see them. */
import { eq } from 'drizzle-orm'
import type { DeliveryRun, Run } from '../../../shared/schemas/runs'
import type { Database } from '../../db/client'
import { runs } from '../../db/schema'
import { authorize } from '../../platform/authorization'
import { type DeliveryActor, getVisibleDelivery } from '../deliveries/service'
import { activeStopsOf, findRun, presentRun, stopsOf } from './queries'

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
