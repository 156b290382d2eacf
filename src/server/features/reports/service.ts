/** The reports feature's public surface: other features import only this file. */
export { monthlyReport, reportFilename, reportLines, scheduleMonthlyReports } from './monthly-reports'
