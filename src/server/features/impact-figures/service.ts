/**
 * The metrics module's public functions: every aggregate the app shows (home cards, impact page,
 * leaderboard, volunteers, the three dashboards). Routes import from here; each figure has one
 * definition in figures.ts and one formula in src/shared/impact.ts.
 */
export { leaderboard, listVolunteers } from './community'
export { donorDashboard } from './donor-dashboard'
export { homeData } from './home'
export { impactFigures } from './impact'
export { type MonthlyFigures, monthlyFigures } from './monthly-report'
export { recipientDashboard } from './recipient-dashboard'
export { volunteerDashboard } from './volunteer-dashboard'
