import type { SuspendedUser } from '../../../shared/schemas/moderation'
import { smallButton } from '../../components/ui/form'
import { formatDateTime } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { ActionList } from './ActionList'
import { actionPaths, useSuspendedUsers } from './api'

/** The users whose suspension holds: why, since and until when; a moderator may lift it. */
export function SuspendedUsersTab() {
  const { t } = useTranslation()
  const query = useSuspendedUsers()
  return (
    <ActionList<SuspendedUser>
      title={t('moderating.suspended.heading')}
      empty={t('moderating.suspended.empty')}
      query={query}
      entry={(user, act) => (
        <li key={user.id} className="rounded-md border border-gray-200 p-3 text-sm">
          <p className="font-semibold break-words text-gray-900" data-user-content>
            {user.name} <span className="font-normal text-gray-600">{user.email}</span>
          </p>
          <p className="text-gray-700">
            {user.until
              ? t('moderating.suspended.until', {
                  since: formatDateTime(user.since),
                  until: formatDateTime(user.until),
                })
              : t('moderating.suspended.permanent', { since: formatDateTime(user.since) })}
          </p>
          {user.reason && (
            <p className="mt-1 text-gray-800">
              {t('moderating.audit.why')} <span data-user-content>{user.reason}</span>
            </p>
          )}
          <button
            type="button"
            className={`${smallButton} mt-2 border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
            onClick={() =>
              act({
                kind: 'lift',
                subject: user.name,
                path: actionPaths.onUser(user.id, 'lift-suspension'),
                body: {},
              })
            }
          >
            {t('moderating.actions.lift.button')}
          </button>
        </li>
      )}
    />
  )
}
