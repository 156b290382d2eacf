import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { StickyBanner, useBanner } from '../../components/ui/Banner'
import { smallButton } from '../../components/ui/form'
import { PagedPanel } from '../../components/ui/Panel'
import { loadedItems } from '../../lib/paging'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { moderationApi, moderationKeys, type Queue, useQueue } from './api'
import { ReasonDialog } from './ReasonDialog'

/** An account waiting for a moderator's decision, as each queue lists it. */
type Waiting = { id: string; name: string; email: string }

/** The attribute that names an entry by its e-mail, for tests and support. */
const MARKERS = { volunteers: 'data-volunteer', organisations: 'data-organisation' } as const

/** What a queue says, each text written out by the tab (catalog keys are never built at run time). */
export type QueueTexts = {
  title: string
  intro: string
  empty: string
  verified: (name: string) => string
  refused: (name: string) => string
  refuseTitle: string
  refuseDescription: (name: string) => string
  refuseHint: string
}

/**
 * A queue of accounts to verify or refuse with a reason (volunteers, organisations): the list of
 * waiting accounts, each account's details as the tab draws them, Verify and Refuse, and the
 * banner that says what was decided (docs/decisions/0038-trust-ratings-fair-use.md).
 */
export function AccountQueue<T extends Waiting>({
  path,
  texts,
  details,
}: {
  path: Queue
  texts: QueueTexts
  details: (account: T) => ReactNode
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [banner, setBanner] = useBanner()
  const [refusing, setRefusing] = useState<T | null>(null)
  const query = useQueue<T>(path)
  const items = loadedItems(query)
  const verify = useMutation({
    mutationFn: (account: T) => moderationApi.verify(path, account.id),
    onSuccess: async (_, account) => {
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all })
      setBanner({ tone: 'success', text: texts.verified(account.name) })
    },
    onError: (error) => setBanner({ tone: 'error', text: errorText(error) }),
  })

  return (
    <div className="space-y-4">
      <StickyBanner banner={banner} />
      <PagedPanel title={texts.title} query={query} isEmpty={items.length === 0} empty={texts.empty}>
        <p className="mb-4 text-sm text-gray-700">{texts.intro}</p>
        <ul className="space-y-3">
          {items.map((account) => (
            <li
              key={account.id}
              {...{ [MARKERS[path]]: account.email }}
              className="rounded-md border border-gray-200 p-3 text-sm"
            >
              <p className="font-semibold break-words text-gray-900" data-user-content>
                {account.name}
              </p>
              {details(account)}
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={verify.isPending}
                  className={`${smallButton} bg-brand-700 text-white hover:bg-brand-800`}
                  onClick={() => verify.mutate(account)}
                >
                  {t('moderating.volunteers.verify')}
                </button>
                <button
                  type="button"
                  className={`${smallButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
                  onClick={() => setRefusing(account)}
                >
                  {t('moderating.volunteers.refuse')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </PagedPanel>
      {refusing && (
        <ReasonDialog
          title={texts.refuseTitle}
          description={texts.refuseDescription(refusing.name)}
          hint={texts.refuseHint}
          confirm={t('moderating.volunteers.refuse')}
          send={(reason) => moderationApi.refuse(path, refusing.id, reason)}
          onSent={async () => {
            await queryClient.invalidateQueries({ queryKey: moderationKeys.all })
            setBanner({ tone: 'success', text: texts.refused(refusing.name) })
            setRefusing(null)
          }}
          onClose={() => setRefusing(null)}
        />
      )}
    </div>
  )
}
