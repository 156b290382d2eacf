/** The reminders feature's public surface: other features import only this file. */
export { scheduleReminderSweep, sendDueReminders } from './reminder-sweep'
