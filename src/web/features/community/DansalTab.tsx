import { Plus, Soup } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useLocation } from 'wouter'
import { isVesakOrPosonWeek } from '../../../shared/festival-weeks'
import type { Event } from '../../../shared/schemas/events'
import { DistrictOptions } from '../../components/ui/DistrictOptions'
import { buttonClass, SelectField } from '../../components/ui/form'
import { districtName } from '../../lib/labels'
import { useSignInHere } from '../../lib/return-path'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { CardGrid } from './CardGrid'
import { AttendeesDialog, EventCard } from './EventsTab'
import { useDansal } from './queries'
import { TabSection } from './TabSection'

const EventFormDialog = lazy(() => import('./EventFormDialog').then((m) => ({ default: m.EventFormDialog })))

/**
 * Dansal: the upcoming free food stalls by date, in every district or one; in Vesak and Poson weeks it
 * opens on the stalls of the user's district, "Dansal near me"
 * (docs/decisions/0056-dansal-and-monthly-reports.md). Organisers can ask for volunteers.
 */
export function DansalTab() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const signIn = useSignInHere()
  const { data: me } = useMe()
  const festival = isVesakOrPosonWeek(new Date())
  const home = me?.district ?? null
  const [district, setDistrict] = useState<string | null>(festival ? home : null)
  const [editing, setEditing] = useState<Event | 'new' | null>(null)
  const [attendeesOf, setAttendeesOf] = useState<Event | null>(null)
  const query = useDansal(district)

  return (
    <TabSection
      id="dansal"
      heading={t('events.dansal.heading')}
      filtersBelow
      action={
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => (me ? setEditing('new') : navigate(signIn))}
        >
          <Plus className="size-4" aria-hidden />
          {t('events.dansal.create')}
        </button>
      }
    >
      <p className="mb-4 text-gray-700">
        {festival ? t('events.dansal.festivalIntro') : t('events.dansal.intro')}
      </p>
      <div className="mb-6 flex flex-wrap items-end gap-3">
        {festival && home && (
          <button
            type="button"
            aria-pressed={district === home}
            className={buttonClass(district === home ? 'primary' : 'secondary')}
            onClick={() => setDistrict(home)}
          >
            {t('events.dansal.nearMe', { district: districtName(t, home) })}
          </button>
        )}
        <div className="w-full sm:w-64">
          <SelectField
            label={t('events.dansal.district')}
            value={district ?? ''}
            onChange={(event) => setDistrict(event.target.value || null)}
          >
            <DistrictOptions placeholder={t('events.dansal.allDistricts')} />
          </SelectField>
        </div>
      </div>
      <CardGrid
        query={query}
        loading={t('events.loading')}
        empty={
          <div className="rounded-lg border border-dashed border-gray-300 py-12 text-center">
            <Soup className="mx-auto size-10 text-gray-400" aria-hidden />
            <p className="mt-3 text-lg font-semibold text-gray-900">{t('events.dansal.empty')}</p>
          </div>
        }
        renderCard={(event) => (
          <EventCard
            event={event}
            signedIn={Boolean(me)}
            onEdit={() => setEditing(event)}
            onShowAttendees={() => setAttendeesOf(event)}
          />
        )}
      />
      {editing && (
        <Suspense fallback={null}>
          <EventFormDialog
            event={editing === 'new' ? null : editing}
            kind="dansal"
            open
            onOpenChange={(open) => !open && setEditing(null)}
          />
        </Suspense>
      )}
      {attendeesOf && (
        <AttendeesDialog event={attendeesOf} onOpenChange={(open) => !open && setAttendeesOf(null)} />
      )}
    </TabSection>
  )
}
