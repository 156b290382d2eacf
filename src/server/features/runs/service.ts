/** The runs feature's public functions: its routes and the app's wiring use these only. */
export { runsSubscriber } from './following'
export { createRun } from './planning'
export { runsExport } from './queries'
export { deliveryRun, getRun, listRuns } from './reading'
