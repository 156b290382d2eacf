import { useParams } from 'wouter'
import { PlanRunPage } from './PlanRunPage'
import { RunPage } from './RunPage'

/**
 * /volunteer/runs/new plans a run, /volunteer/runs/:id follows one: one route and one chunk, so the
 * first screen of every page carries one entry less (docs/decisions/0071-volunteer-runs.md).
 */
export function RunsPage() {
  const { id } = useParams()
  return id === 'new' ? <PlanRunPage /> : <RunPage />
}
