import type { VolunteerToVerify } from '../../../shared/schemas/vetting'
import { useTranslation } from '../../lib/translation'
import { AccountDetails } from './AccountDetails'
import { AccountQueue } from './AccountQueue'

/**
 * Volunteers waiting for verification: their profile, phone, district and account age, to verify or
 * refuse with a reason; each decision goes into the audit log and the volunteer is told
 * (docs/decisions/0038-trust-ratings-fair-use.md).
 */
export function VolunteersTab() {
  const { t } = useTranslation()
  return (
    <AccountQueue<VolunteerToVerify>
      path="volunteers"
      texts={{
        title: t('moderating.tabs.volunteers'),
        intro: t('moderating.volunteers.intro'),
        empty: t('moderating.volunteers.empty'),
        verified: (name) => t('moderating.volunteers.verified', { name }),
        refused: (name) => t('moderating.volunteers.refused', { name }),
        refuseTitle: t('moderating.volunteers.refuseTitle'),
        refuseDescription: (name) => t('moderating.volunteers.refuseDescription', { name }),
        refuseHint: t('moderating.volunteers.refuseHint'),
      }}
      details={(volunteer) => (
        <>
          <dl className="mt-1 grid gap-x-4 gap-y-1 text-gray-700 sm:grid-cols-2">
            <AccountDetails account={volunteer} />
          </dl>
          {volunteer.bio && (
            <p className="mt-2 break-words text-gray-800" data-user-content>
              {volunteer.bio}
            </p>
          )}
        </>
      )}
    />
  )
}
