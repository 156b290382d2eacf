import { useState } from 'react'
import { StickyBanner, useBanner } from '../../components/ui/Banner'
import { smallButton } from '../../components/ui/form'
import { PagedPanel } from '../../components/ui/Panel'
import { formatDateTime } from '../../lib/format'
import { loadedItems, PAGE_SIZE, usePagedQuery } from '../../lib/paging'
import { useTranslation } from '../../lib/translation'
import { ActionDialog, type PendingAction } from './ActionDialog'
import { moderationKeys, type SuspendedPage } from './api'

/** The users whose suspension holds: why, since and until when; a moderator may lift it. */
export function SuspendedUsersTab() {
  const { t } = useTranslation()
  const [pending, setPending] = useState<PendingAction | null>(null)
  const [banner, setBanner] = useBanner()
  const query = usePagedQuery<SuspendedPage>(
    moderationKeys.suspended,
    (page) => `/api/moderation/suspended?page=${page}&size=${PAGE_SIZE}`,
  )
  const users = loadedItems(query)
  return (
    <div className="space-y-4">
      <StickyBanner banner={banner} />
      <PagedPanel
        title={t('moderation.suspended.heading')}
        query={query}
        isEmpty={users.length === 0}
        empty={t('moderation.suspended.empty')}
      >
        <ul className="space-y-3">
          {users.map((user) => (
            <li key={user.id} className="rounded-md border border-gray-200 p-3 text-sm">
              <p className="font-semibold break-words text-gray-900" data-user-content>
                {user.name} <span className="font-normal text-gray-600">{user.email}</span>
              </p>
              <p className="text-gray-700">
                {user.until
                  ? t('moderation.suspended.until', {
                      since: formatDateTime(user.since),
                      until: formatDateTime(user.until),
                    })
                  : t('moderation.suspended.permanent', { since: formatDateTime(user.since) })}
              </p>
              {user.reason && (
                <p className="mt-1 text-gray-800">
                  {t('moderation.audit.why')} <span data-user-content>{user.reason}</span>
                </p>
              )}
              <button
                type="button"
                className={`${smallButton} mt-2 border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
                onClick={() =>
                  setPending({
                    kind: 'lift',
                    subject: user.name,
                    path: `/api/moderation/users/${user.id}/lift-suspension`,
                    body: {},
                  })
                }
              >
                {t('moderation.actions.lift.button')}
              </button>
            </li>
          ))}
        </ul>
      </PagedPanel>
      {pending && (
        <ActionDialog
          action={pending}
          onClose={() => setPending(null)}
          onDone={(text) => {
            setPending(null)
            setBanner({ tone: 'success', text })
          }}
        />
      )}
    </div>
  )
}
