/** The community-events feature's public functions: its routes and the other features use these only. */
export { eventMails } from './announcements'
export { joinEvent, leaveEvent } from './attendance'
export { cancelEvent, createEvent, updateEvent } from './organizing'
export { endEventsOf, eventsExport } from './personal-data'
export { getEvent, listAttendees, listUpcomingEvents } from './reading'
