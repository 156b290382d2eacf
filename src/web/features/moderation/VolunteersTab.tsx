import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { VolunteerToVerify } from '../../../shared/schemas/verification'
import { StickyBanner, useBanner } from '../../components/ui/Banner'
import { smallButton } from '../../components/ui/form'
import { PagedPanel } from '../../components/ui/Panel'
import { api } from '../../lib/api'
import { loadedItems, PAGE_SIZE, type Page, usePagedQuery } from '../../lib/paging'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { AccountDetails } from './AccountDetails'
import { moderationKeys } from './api'
import { RefuseDialog } from './RefuseDialog'

type VolunteerPage = Page<VolunteerToVerify>

/**
 * Volunteers waiting for verification: their profile, phone, district and account age, to verify or
 * refuse with a reason; each decision goes into the audit log and the volunteer is told
 * (docs/decisions/0038-trust-ratings-fair-use.md).
 */
export function VolunteersTab() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [banner, setBanner] = useBanner()
  const [refusing, setRefusing] = useState<VolunteerToVerify | null>(null)
  const query = usePagedQuery<VolunteerPage>(
    [...moderationKeys.all, 'volunteers'],
    (page) => `/api/moderation/volunteers?page=${page}&size=${PAGE_SIZE}`,
  )
  const volunteers = loadedItems(query)
  const verify = useMutation({
    mutationFn: (volunteer: VolunteerToVerify) =>
      api(`/api/moderation/volunteers/${volunteer.id}/verify`, { method: 'POST', body: {} }),
    onSuccess: async (_, volunteer) => {
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all })
      setBanner({ tone: 'success', text: t('moderation.volunteers.verified', { name: volunteer.name }) })
    },
    onError: (error) => setBanner({ tone: 'error', text: errorText(error) }),
  })

  return (
    <div className="space-y-4">
      <StickyBanner banner={banner} />
      <PagedPanel
        title={t('moderation.tabs.volunteers')}
        query={query}
        isEmpty={volunteers.length === 0}
        empty={t('moderation.volunteers.empty')}
      >
        <p className="mb-4 text-sm text-gray-700">{t('moderation.volunteers.intro')}</p>
        <ul className="space-y-3">
          {volunteers.map((volunteer) => (
            <li
              key={volunteer.id}
              data-volunteer={volunteer.email}
              className="rounded-md border border-gray-200 p-3 text-sm"
            >
              <p className="font-semibold break-words text-gray-900" data-user-content>
                {volunteer.name}
              </p>
              <dl className="mt-1 grid gap-x-4 gap-y-1 text-gray-700 sm:grid-cols-2">
                <AccountDetails account={volunteer} />
              </dl>
              {volunteer.bio && (
                <p className="mt-2 break-words text-gray-800" data-user-content>
                  {volunteer.bio}
                </p>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={verify.isPending}
                  className={`${smallButton} bg-brand-700 text-white hover:bg-brand-800`}
                  onClick={() => verify.mutate(volunteer)}
                >
                  {t('moderation.volunteers.verify')}
                </button>
                <button
                  type="button"
                  className={`${smallButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
                  onClick={() => setRefusing(volunteer)}
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
          url={`/api/moderation/volunteers/${refusing.id}/refuse`}
          title={t('moderation.volunteers.refuseTitle')}
          description={t('moderation.volunteers.refuseDescription', { name: refusing.name })}
          hint={t('moderation.volunteers.refuseHint')}
          confirm={t('moderation.volunteers.refuse')}
          onClose={() => setRefusing(null)}
          onDone={() => {
            setBanner({ tone: 'success', text: t('moderation.volunteers.refused', { name: refusing.name }) })
            setRefusing(null)
          }}
        />
      )}
    </div>
  )
}
