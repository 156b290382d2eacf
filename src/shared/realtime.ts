/**
 * The topics of the realtime stream (`/api/stream`): the server announces a change under one of them
 * and the web app refreshes the queries it makes stale. Orders (claims and food requests) share one
 * topic; notifications and orders go only to their users.
 */
export const CHANGE_TOPICS = [
  'listings',
  'orders',
  'deliveries',
  'notifications',
  'events',
  'stories',
  /** A thread's new message, to its parties only (docs/decisions/0066-messages.md). */
  'messages',
  /** A volunteer's run and its stops' times, to its volunteer and the requesters and donors of its deliveries (0071). */
  'runs',
] as const
export type ChangeTopic = (typeof CHANGE_TOPICS)[number]

export function isChangeTopic(value: unknown): value is ChangeTopic {
  return (CHANGE_TOPICS as readonly unknown[]).includes(value)
}
