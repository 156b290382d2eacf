import { CalendarDays, Clock, MapPin, Phone } from 'lucide-react'
import { Link, Redirect } from 'wouter'
import { displaySriLankanPhone } from '../../../shared/phone'
import { can } from '../../../shared/policy'
import type { Delivery } from '../../../shared/schemas/orders'
import { SRI_LANKA_TIME_ZONE, sriLankaParts, sriLankaToday } from '../../../shared/sri-lanka-time'
import { PageLoading } from '../../components/layout/PageLoading'
import { Alert, buttonClass } from '../../components/ui/form'
import { LoadError, LoadMore } from '../../components/ui/ListState'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { Empty } from '../../components/ui/Panel'
import { StatusBadge } from '../../components/ui/StatusBadge'
import { withUserContent } from '../../components/ui/UserContent'
import { useDeliveries } from '../../entities/delivery/api'
import { formatDate, formatLkr, formatLongDate } from '../../lib/format'
import { districtName } from '../../lib/labels'
import { useSignInHere } from '../../lib/return-path'
import { useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { StandingDeliveries } from './StandingDeliveries'

const UPCOMING = new Set(['assigned', 'in-progress'])

/** /volunteer/schedule: the volunteer's assigned and upcoming deliveries, by Sri Lankan day. */
export function SchedulePage() {
  const { t } = useTranslation()
  const me = useMe()
  const signIn = useSignInHere()
  if (me.isPending) return <PageLoading />
  if (!me.data) return <Redirect to={signIn} replace />
  return (
    <PageContainer narrow>
      <PageHeader title={t('volunteer.schedule.title')} subtitle={t('volunteer.schedule.subtitle')} />
      {can(me.data, 'dashboard.view', { role: 'volunteer' }) ? (
        <Schedule />
      ) : (
        <div className="space-y-4">
          <Alert tone="info">{t('volunteer.schedule.volunteersOnly')}</Alert>
          <Link to="/volunteer" className="font-medium text-brand-700 underline">
            {t('volunteer.schedule.learnMore')}
          </Link>
        </div>
      )}
    </PageContainer>
  )
}

function Schedule() {
  const { t } = useTranslation()
  const query = useDeliveries('volunteer', 50)
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />
  if (query.isPending) return <PageLoading />
  const items = query.data.pages.flatMap((p) => p.items).filter((d) => UPCOMING.has(d.status))
  const days = new Map<string, Delivery[]>()
  for (const d of items) {
    const day = sriLankaParts(d.deliveryAt).date
    days.set(day, [...(days.get(day) ?? []), d])
  }
  const today = sriLankaToday()
  return (
    <div className="space-y-6">
      {days.size === 0 ? (
        <div className="space-y-4">
          <Empty>{t('volunteer.schedule.empty')}</Empty>
          <p className="text-center">
            <Link to="/dashboard/volunteer?tab=available" className={buttonClass('primary')}>
              {t('volunteer.schedule.findDeliveries')}
            </Link>
          </p>
        </div>
      ) : (
        [...days.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([day, deliveries]) => (
            <section key={day} aria-labelledby={`day-${day}`}>
              <h2
                id={`day-${day}`}
                className="mb-3 flex flex-wrap items-center gap-2 text-lg font-semibold text-gray-900"
              >
                <CalendarDays className="size-5 text-brand-700" aria-hidden />
                {formatLongDate(`${day}T12:00:00+05:30`, { timeZone: SRI_LANKA_TIME_ZONE })}
                {day === today && (
                  <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-800">
                    {t('volunteer.schedule.today')}
                  </span>
                )}
                {day < today && (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-900">
                    {t('volunteer.schedule.overdue')}
                  </span>
                )}
              </h2>
              <ul className="space-y-3">
                {deliveries.map((d) => (
                  <li key={d.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <p className="flex items-center gap-1.5 font-semibold text-gray-900">
                        <Clock className="size-4" aria-hidden />
                        {formatDate(d.deliveryAt, { timeStyle: 'short', timeZone: SRI_LANKA_TIME_ZONE })}
                        <span className="font-normal text-gray-700">
                          · <span data-user-content>{d.listing.title}</span>
                        </span>
                      </p>
                      <StatusBadge kind="delivery" status={d.status} />
                    </div>
                    <p className="mt-2 flex items-start gap-1.5 text-sm text-gray-700">
                      <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
                      <span className="break-words">
                        {withUserContent((v) => t('volunteer.schedule.route', { from: v.from, to: v.to }), {
                          from: [d.listing.pickupAddress, d.listing.pickupCity].filter(Boolean).join(', '),
                          to: [d.address, d.city, districtName(t, d.district)].filter(Boolean).join(', '),
                        })}
                      </span>
                    </p>
                    <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700">
                      {d.phone && (
                        <a
                          href={`tel:${d.phone}`}
                          className="inline-flex items-center gap-1 text-brand-700 underline"
                        >
                          <Phone className="size-4" aria-hidden />
                          {displaySriLankanPhone(d.phone)}
                        </a>
                      )}
                      <span>{formatLkr(d.fee)}</span>
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))
      )}
      <StandingDeliveries />
      <LoadMore
        hasMore={!!query.hasNextPage}
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      />
      <p className="flex flex-wrap justify-center gap-x-6 gap-y-2">
        <Link to="/volunteer/runs/new" className="font-medium text-brand-700 underline">
          {t('volunteer.schedule.planRun')}
        </Link>
        <Link to="/dashboard/volunteer?tab=my-deliveries" className="font-medium text-brand-700 underline">
          {t('volunteer.schedule.backToDashboard')}
        </Link>
      </p>
    </div>
  )
}
