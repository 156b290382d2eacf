import type { TFunction } from 'i18next'
import type { Notification } from '../../../shared/schemas/notifications'

/** A notification in the reader's language, from its type and params; the stored English otherwise. */
export function notificationText(
  t: TFunction,
  notification: Notification,
): { title: string; message: string } {
  const base = `notifications.${notification.type}`
  return {
    title: t(`${base}.title`, { ...notification.params, defaultValue: notification.title }),
    message: t(`${base}.message`, { ...notification.params, defaultValue: notification.message }),
  }
}
