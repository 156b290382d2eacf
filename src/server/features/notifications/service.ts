/** The notifications feature's public surface: other features import only this file. */

export type { NewNotification } from '../../platform/domain-events'
export { listNotifications, markAllRead, markRead } from './bell'
export type { MailRecipient, MailRenderer, MailRenderers } from './mail-content'
export { defaultMail } from './mail-content'
export { notificationsExport, removeNotificationsOf } from './personal-data'
export { notificationSubscribers } from './subscribers'
export { markRelatedRead, unreadNotices } from './unread'
