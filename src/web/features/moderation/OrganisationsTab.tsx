import { ORGANISATION_KIND_KEYS } from '../../../shared/organisations'
import type { OrganisationToVerify } from '../../../shared/schemas/organisations'
import { formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { AccountDetails, Detail } from './AccountDetails'
import { AccountQueue } from './AccountQueue'

/**
 * Organisations waiting for verification: kind, name, registration number, capacity, contact person,
 * to verify or refuse with a reason, as volunteers are; verified, its limits follow its capacity and it
 * sees large food first (docs/decisions/0054-organisations-and-their-limits.md).
 */
export function OrganisationsTab() {
  const { t } = useTranslation()
  return (
    <AccountQueue<OrganisationToVerify>
      path="organisations"
      texts={{
        title: t('moderating.tabs.organisations'),
        intro: t('organisations.moderation.intro'),
        empty: t('organisations.moderation.empty'),
        verified: (name) => t('organisations.moderation.verified', { name }),
        refused: (name) => t('organisations.moderation.refused', { name }),
        refuseTitle: t('organisations.moderation.refuseTitle'),
        refuseDescription: (name) => t('organisations.moderation.refuseDescription', { name }),
        refuseHint: t('organisations.moderation.refuseHint'),
      }}
      details={(organisation) => (
        <>
          <p className="text-gray-700">{t(ORGANISATION_KIND_KEYS[organisation.kind])}</p>
          <dl className="mt-1 grid gap-x-4 gap-y-1 text-gray-700 sm:grid-cols-2">
            <Detail
              label={t('organisations.moderation.registration')}
              value={organisation.registrationNumber}
              valueClassName="break-all"
              userContent
            />
            <Detail
              label={t('organisations.moderation.capacity')}
              value={formatNumber(organisation.capacity)}
            />
            <Detail
              label={t('organisations.moderation.contact')}
              value={organisation.contactPerson}
              valueClassName="break-words"
              userContent
            />
            <AccountDetails account={organisation} />
          </dl>
        </>
      )}
    />
  )
}
