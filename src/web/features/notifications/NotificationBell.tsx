import { useQueryClient } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useState } from 'react'
import { NOTIFICATION_BADGE_CAP } from '../../../shared/reference-data'
import type { Notification } from '../../../shared/schemas/notifications'
import type { Me } from '../../../shared/schemas/users'
import { formatDateTime } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { NOTIFICATIONS_KEY, notificationsApi, useNotifications } from './api'
import { NotificationDetail } from './NotificationDetail'
import { notificationText } from './text'

/** The header bell: newest first, unread highlighted, badge capped at 9+. */
export function NotificationBell({ me }: { me: Me }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const notifications = useNotifications(true)
  const [open, setOpen] = useState(false)
  const [selected, setSelected] = useState<Notification | null>(null)
  const unread = notifications.data?.unreadCount ?? 0
  const badge = unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unread)

  function openNotification(notification: Notification) {
    setOpen(false)
    setSelected(notification)
    if (!notification.isRead) {
      // Failures here are only logged: reading a notification never depends on marking it.
      notificationsApi
        .markRead(notification.id)
        .then(() => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }))
        .catch((error) => console.error('marking a notification read failed', error))
    }
  }

  async function markAll() {
    await notificationsApi.markAllRead().catch((error) => console.error('mark all read failed', error))
    await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
  }

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          className="relative flex size-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100"
          aria-label={t('notifications.ui.bell', { count: unread })}
        >
          <Bell className="size-5" aria-hidden />
          {unread > 0 && (
            <span
              data-testid="notification-badge"
              className="absolute top-0 right-0 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
            >
              {badge}
            </span>
          )}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-gray-200 bg-white shadow-lg"
          >
            <div className="flex flex-wrap items-center justify-between gap-x-2 border-b border-gray-200 px-4 py-1">
              <h2 className="font-semibold text-gray-900">{t('notifications.ui.title')}</h2>
              {unread > 0 && (
                <button
                  type="button"
                  onClick={() => void markAll()}
                  className="-mr-2 min-h-11 px-2 text-sm font-medium text-brand-700 hover:underline"
                >
                  {t('notifications.ui.markAllRead')}
                </button>
              )}
            </div>
            <ul className="max-h-96 overflow-y-auto">
              {notifications.data?.items.length === 0 && (
                <li className="px-4 py-6 text-center text-sm text-gray-500">{t('notifications.ui.empty')}</li>
              )}
              {notifications.data?.items.map((notification) => {
                const text = notificationText(t, notification)
                return (
                  <li key={notification.id}>
                    <button
                      type="button"
                      onClick={() => openNotification(notification)}
                      className={`block w-full border-b border-gray-100 px-4 py-3 text-left hover:bg-gray-50 ${
                        notification.isRead ? '' : 'bg-brand-50'
                      }`}
                    >
                      <span className="flex items-center gap-2">
                        {!notification.isRead && (
                          <span className="size-2 shrink-0 rounded-full bg-brand-600" aria-hidden />
                        )}
                        <span className="font-medium text-gray-900">{text.title}</span>
                        {!notification.isRead && (
                          <span className="sr-only">{t('notifications.ui.unread')}</span>
                        )}
                      </span>
                      <span className="mt-0.5 block text-sm text-gray-700">{text.message}</span>
                      <span className="mt-1 block text-xs text-gray-500">
                        {formatDateTime(notification.createdAt)}
                      </span>
                    </button>
                  </li>
                )
              })}
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {selected && <NotificationDetail notification={selected} me={me} onClose={() => setSelected(null)} />}
    </>
  )
}
