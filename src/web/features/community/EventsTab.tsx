import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CalendarDays, HandHelping, MapPin, Plus, Users } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { useLocation } from 'wouter'
import type { EventKind } from '../../../shared/reference-data'
import type { Event } from '../../../shared/schemas/community-events'
import { SRI_LANKA_TIME_ZONE } from '../../../shared/sri-lanka-time'
import { ReportButton } from '../../components/report/ReportButton'
import { AuthoredText } from '../../components/ui/AuthoredText'
import { buttonClass } from '../../components/ui/form'
import { ApiError } from '../../lib/api'
import { formatDate, formatLongDate, formatNumber } from '../../lib/format'
import { districtName } from '../../lib/labels'
import { useSignInHere } from '../../lib/return-path'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { AttendeesDialog } from './AttendeesDialog'
import { communityApi, communityKeys, useEvents } from './api'
import { CardGrid, type PagedQuery } from './CardGrid'
import { TabSection } from './TabSection'

// The form (react-hook-form and zod) loads only when it is opened.
const EventFormDialog = lazy(() => import('./EventFormDialog').then((m) => ({ default: m.EventFormDialog })))

export const EVENT_FALLBACK_IMAGE = '/event-fallback.svg'

export function EventsTab() {
  const { t } = useTranslation()
  return (
    <EventBoard
      id="events"
      heading={t('events.heading')}
      createLabel={t('events.create')}
      query={useEvents()}
      empty={
        <div className="rounded-lg border border-dashed border-gray-300 py-12 text-center">
          <CalendarDays className="mx-auto size-10 text-gray-400" aria-hidden />
          <p className="mt-3 text-lg font-semibold text-gray-900">{t('events.empty.title')}</p>
          <p className="mt-1 text-gray-600">{t('events.empty.text')}</p>
        </div>
      }
    />
  )
}

/**
 * A tab of events (all of them, or the dansal stalls): its create button, the cards, and the form
 * and attendee dialogs they open. The tab gives its heading, events, empty state, the kind a new
 * one is, and what stands above the cards (an intro, filters).
 */
export function EventBoard({
  id,
  heading,
  createLabel,
  kind,
  query,
  empty,
  filtersBelow,
  children,
}: {
  id: string
  heading: string
  createLabel: string
  kind?: EventKind
  query: PagedQuery<Event>
  empty: ReactNode
  filtersBelow?: boolean
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const signIn = useSignInHere()
  const { data: me } = useMe()
  const [editing, setEditing] = useState<Event | 'new' | null>(null)
  const [attendeesOf, setAttendeesOf] = useState<Event | null>(null)

  return (
    <TabSection
      id={id}
      heading={heading}
      filtersBelow={filtersBelow}
      action={
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => (me ? setEditing('new') : navigate(signIn))}
        >
          <Plus className="size-4" aria-hidden />
          {createLabel}
        </button>
      }
    >
      {children}
      <CardGrid
        query={query}
        loading={t('events.loading')}
        empty={empty}
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
            kind={kind}
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

export function EventCard({
  event,
  signedIn,
  onEdit,
  onShowAttendees,
}: {
  event: Event
  signedIn: boolean
  onEdit: () => void
  onShowAttendees: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [alert, setAlert] = useState<string | null>(null)

  const attendance = useMutation({
    mutationFn: (join: boolean) => communityApi.attend(event.id, join),
    onMutate: () => setAlert(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityKeys.events }),
    onError: (error) => {
      // 'This event is full.' and similar rules say what happened; anything else gets the general failure text.
      const known = error instanceof ApiError && error.status === 409
      setAlert(known ? errorText(error) : t('events.errors.attendanceFailed'))
    },
  })

  const cancelEvent = useMutation({
    mutationFn: () => communityApi.cancelEvent(event.id),
    onMutate: () => setAlert(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityKeys.events }),
    onError: (error) => setAlert(errorText(error)),
  })

  function toggle() {
    if (!signedIn) {
      setAlert(t('events.errors.signInToJoin'))
      return
    }
    attendance.mutate(!event.attending)
  }

  const when = { timeZone: SRI_LANKA_TIME_ZONE } as const
  // The server answers 409 'This event is full.' to a join then; the card says so before.
  const full = event.maxAttendees !== null && event.attendeeCount >= event.maxAttendees
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <div className="relative">
        <img
          src={event.imageUrl ?? EVENT_FALLBACK_IMAGE}
          alt=""
          loading="lazy"
          className="h-44 w-full object-cover"
        />
        <div className="absolute top-3 left-3 rounded-md bg-white px-2.5 py-1 text-center shadow">
          <p className="text-xs font-semibold text-brand-800 uppercase">
            {formatDate(event.startsAt, { month: 'short', ...when })}
          </p>
          <p className="text-xl leading-none font-bold text-gray-900">
            {formatDate(event.startsAt, { day: 'numeric', ...when })}
          </p>
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <AuthoredText
          title={event.title}
          text={event.description}
          textClassName="mt-1 flex-1 whitespace-pre-line text-sm text-gray-700"
        />
        <ul className="mt-3 space-y-1.5 text-sm text-gray-700">
          <li className="flex items-start gap-2">
            <CalendarDays className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            <span>
              {formatLongDate(event.startsAt, when)} ·{' '}
              {formatDate(event.startsAt, { timeStyle: 'short', ...when })}
            </span>
          </li>
          <li className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            <span>
              <span data-user-content>{`${event.address}, ${event.city}`}</span>
              {event.district && ` · ${districtName(t, event.district)}`}
            </span>
          </li>
          {event.volunteersWanted && (
            <li className="flex items-start gap-2 font-semibold text-brand-800">
              <HandHelping className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t('events.volunteersWanted')}
            </li>
          )}
          <li className="flex items-start gap-2">
            <Users className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            <span>
              {t('events.attending', {
                count: event.attendeeCount,
                formatted: formatNumber(event.attendeeCount),
              })}
              {event.maxAttendees !== null && t('events.max', { max: formatNumber(event.maxAttendees) })}
            </span>
            {full && (
              <span className="rounded-full bg-gray-800 px-2 py-0.5 text-xs font-semibold text-white">
                {t('events.full')}
              </span>
            )}
          </li>
        </ul>
        <div className="mt-4 flex flex-wrap gap-2">
          {event.isOrganizer ? (
            <>
              <button type="button" className={buttonClass('secondary')} onClick={onEdit}>
                {t('events.edit')}
              </button>
              <button type="button" className={buttonClass('secondary')} onClick={onShowAttendees}>
                {t('events.attendees')}
              </button>
              <button
                type="button"
                className={buttonClass('danger')}
                disabled={cancelEvent.isPending}
                onClick={() => window.confirm(t('events.cancelConfirm')) && cancelEvent.mutate()}
              >
                {t('events.cancelEvent')}
              </button>
              <p className="w-full text-sm font-medium text-brand-800">{t('events.organized')}</p>
            </>
          ) : (
            <button
              type="button"
              onClick={toggle}
              disabled={attendance.isPending || (full && !event.attending)}
              className={
                event.attending
                  ? 'inline-flex w-full items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60'
                  : `${buttonClass('primary')} w-full`
              }
            >
              {attendance.isPending
                ? t('events.updating')
                : event.attending
                  ? t('events.leave')
                  : t('events.join')}
            </button>
          )}
          <ReportButton target={{ type: 'event', id: event.id }} ownerId={event.organizer.id} />
        </div>
        {alert && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {alert}
          </p>
        )}
      </div>
    </article>
  )
}
