import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ORGANISATION_KIND_KEYS } from '../../../shared/organisations'
import type { OrganisationToVerify } from '../../../shared/schemas/organisations'
import { StickyBanner, useBanner } from '../../components/ui/Banner'
import { smallButton } from '../../components/ui/form'
import { PagedPanel } from '../../components/ui/Panel'
import { api } from '../../lib/api'
import { formatNumber } from '../../lib/format'
import { loadedItems, PAGE_SIZE, type Page, usePagedQuery } from '../../lib/paging'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { AccountDetails } from './AccountDetails'
import { moderationKeys } from './api'
import { RefuseDialog } from './RefuseDialog'

/**
 * Organisations waiting for verification: kind, name, registration number, capacity, contact person,
 * to verify or refuse with a reason, as volunteers are; verified, its limits follow its capacity and it
 * sees large food first (docs/decisions/0054-organisations-and-their-limits.md).
 */
export function OrganisationsTab() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [banner, setBanner] = useBanner()
  const [refusing, setRefusing] = useState<OrganisationToVerify | null>(null)
  const query = usePagedQuery<Page<OrganisationToVerify>>(
    [...moderationKeys.all, 'organisations'],
    (page) => `/api/moderation/organisations?page=${page}&size=${PAGE_SIZE}`,
  )
  const items = loadedItems(query)
  const verify = useMutation({
    mutationFn: (organisation: OrganisationToVerify) =>
      api(`/api/moderation/organisations/${organisation.id}/verify`, { method: 'POST', body: {} }),
    onSuccess: async (_, organisation) => {
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all })
      setBanner({
        tone: 'success',
        text: t('organisations.moderation.verified', { name: organisation.name }),
      })
    },
    onError: (error) => setBanner({ tone: 'error', text: errorText(error) }),
  })

  return (
    <div className="space-y-4">
      <StickyBanner banner={banner} />
      <PagedPanel
        title={t('moderation.tabs.organisations')}
        query={query}
        isEmpty={items.length === 0}
        empty={t('organisations.moderation.empty')}
      >
        <p className="mb-4 text-sm text-gray-700">{t('organisations.moderation.intro')}</p>
        <ul className="space-y-3">
          {items.map((organisation) => (
            <li
              key={organisation.id}
              data-organisation={organisation.email}
              className="rounded-md border border-gray-200 p-3 text-sm"
            >
              <p className="font-semibold break-words text-gray-900" data-user-content>
                {organisation.name}
              </p>
              <p className="text-gray-700">{t(ORGANISATION_KIND_KEYS[organisation.kind])}</p>
              <dl className="mt-1 grid gap-x-4 gap-y-1 text-gray-700 sm:grid-cols-2">
                <div className="min-w-0">
                  <dt className="inline font-medium">{t('organisations.moderation.registration')} </dt>
                  <dd className="inline break-all" data-user-content>
                    {organisation.registrationNumber}
                  </dd>
                </div>
                <div>
                  <dt className="inline font-medium">{t('organisations.moderation.capacity')} </dt>
                  <dd className="inline">{formatNumber(organisation.capacity)}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="inline font-medium">{t('organisations.moderation.contact')} </dt>
                  <dd className="inline break-words" data-user-content>
                    {organisation.contactPerson}
                  </dd>
                </div>
                <AccountDetails account={organisation} />
              </dl>
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={verify.isPending}
                  className={`${smallButton} bg-brand-700 text-white hover:bg-brand-800`}
                  onClick={() => verify.mutate(organisation)}
                >
                  {t('moderation.volunteers.verify')}
                </button>
                <button
                  type="button"
                  className={`${smallButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
                  onClick={() => setRefusing(organisation)}
                >
                  {t('moderation.volunteers.refuse')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </PagedPanel>
      {refusing && (
        <RefuseDialog
          url={`/api/moderation/organisations/${refusing.id}/refuse`}
          title={t('organisations.moderation.refuseTitle')}
          description={t('organisations.moderation.refuseDescription', { name: refusing.name })}
          hint={t('organisations.moderation.refuseHint')}
          confirm={t('moderation.volunteers.refuse')}
          onClose={() => setRefusing(null)}
          onDone={() => {
            setBanner({
              tone: 'success',
              text: t('organisations.moderation.refused', { name: refusing.name }),
            })
            setRefusing(null)
          }}
        />
      )}
    </div>
  )
}
