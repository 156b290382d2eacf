/** The runs feature's public functions: its routes and the app's wiring use these only. */
export { createRun, deliveryRun, getRun, listRuns, runsSubscriber } from './lifecycle'
export { runsExport } from './queries'
