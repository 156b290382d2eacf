/** The calendar-feed feature's public surface: other features import only this file. */
export {
  calendarFeedFile,
  calendarFeedStatus,
  feedUrls,
  newCalendarFeed,
  stopCalendarFeed,
} from './subscriptions'
