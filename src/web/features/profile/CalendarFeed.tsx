import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CalendarPlus } from 'lucide-react'
import { useState } from 'react'
import type { CalendarFeed as Feed } from '../../../shared/schemas/users'
import { Alert, Button, buttonClass } from '../../components/ui/form'
import { formatDate } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { calendarFeedKey, profileApi } from './api'
import { ProfileSection } from './ProfileSection'

/**
 * The private calendar subscription of one's pickups and deliveries (docs/decisions/0047-pickup-codes.md):
 * its link is shown once, when made; a new one replaces it and stopping it ends it.
 */
export function CalendarFeed() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const status = useQuery({ queryKey: calendarFeedKey, queryFn: profileApi.calendarFeed })
  const [made, setMade] = useState<Feed | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function change(method: 'POST' | 'DELETE') {
    setBusy(true)
    setFailure(null)
    try {
      const answer = await profileApi.changeCalendarFeed(method)
      setMade(method === 'POST' ? answer : null)
      queryClient.setQueryData(calendarFeedKey, answer ?? { active: false, createdAt: null })
    } catch (error) {
      setFailure(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  const active = status.data?.active ?? false
  return (
    <ProfileSection id="calendar-feed" title={t('profile.calendarFeed.title')} spacing="space-y-3">
      <p className="text-sm break-words text-gray-600">{t('profile.calendarFeed.intro')}</p>
      {made?.webcalUrl && made.url ? (
        <div className="space-y-2" data-calendar-feed>
          <a href={made.webcalUrl} className={buttonClass('primary')}>
            <CalendarPlus className="size-4" aria-hidden />
            {t('profile.calendarFeed.subscribe')}
          </a>
          <label className="block text-sm font-medium text-gray-800">
            {t('profile.calendarFeed.link')}
            <input
              readOnly
              value={made.url}
              onFocus={(event) => event.currentTarget.select()}
              className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 font-mono text-xs"
            />
          </label>
          <p className="text-xs text-gray-600">{t('profile.calendarFeed.once')}</p>
        </div>
      ) : (
        active &&
        status.data?.createdAt && (
          <p className="text-sm text-gray-700">
            {t('profile.calendarFeed.active', { date: formatDate(status.data.createdAt) })}
          </p>
        )
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy || status.isPending} onClick={() => change('POST')}>
          {active ? t('profile.calendarFeed.remake') : t('profile.calendarFeed.make')}
        </Button>
        {active && (
          <Button variant="secondary" disabled={busy} onClick={() => change('DELETE')}>
            {t('profile.calendarFeed.stop')}
          </Button>
        )}
      </div>
    </ProfileSection>
  )
}
