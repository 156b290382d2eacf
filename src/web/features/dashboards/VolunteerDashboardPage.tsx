import { CalendarDays, CheckCircle2, Clock, Route, Star, Truck } from 'lucide-react'
import { Link } from 'wouter'
import { can } from '../../../shared/policy'
import type { VolunteerDashboard } from '../../../shared/schemas/dashboards'
import type { Delivery } from '../../../shared/schemas/orders'
import type { Me } from '../../../shared/schemas/users'
import { useBanner } from '../../components/ui/Banner'
import { buttonClass } from '../../components/ui/form'
import { Panel } from '../../components/ui/Panel'
import { StatusBadge } from '../../components/ui/StatusBadge'
import { type DeliveryAction, useDeliveries, useDeliveryAction } from '../../entities/delivery/api'
import { BadgeList } from '../../entities/user/BadgeChip'
import { formatDateTime, formatLkr, formatNumber } from '../../lib/format'
import { districtName } from '../../lib/labels'
import { loadedItems } from '../../lib/paging'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { useVolunteerDashboard } from './api'
import { DashboardGuard, DashboardLayout, RecentList, SummaryFallback } from './layout'
import {
  ActiveDeliveries,
  AvailableDeliveries,
  activeDeliveries,
  DeliveryHistory,
} from './volunteer/DeliveryTabs'
import { VerificationNotice } from './volunteer/VerificationNotice'

/** /dashboard/volunteer: deliveries to take on, the volunteer's own and their history. */
export function VolunteerDashboardPage() {
  return <DashboardGuard forRole="volunteer">{(me) => <VolunteerDashboardView me={me} />}</DashboardGuard>
}

function VolunteerDashboardView({ me }: { me: Me }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const summary = useVolunteerDashboard()
  const available = useDeliveries('available', 50)
  const mine = useDeliveries('volunteer', 50)
  const action = useDeliveryAction()
  const [banner, setBanner] = useBanner()

  const delivered = (delivery: Delivery) =>
    setBanner({ tone: 'success', text: t('dashboards.volunteer.done.complete', { city: delivery.city }) })

  function act(delivery: Delivery, next: DeliveryAction) {
    action.mutate(
      { id: delivery.id, action: next },
      {
        onSuccess: () =>
          setBanner({
            tone: 'success',
            text: t(`dashboards.volunteer.done.${next}`, { city: delivery.city }),
          }),
        // A 409 (taken by someone else, not in progress) shows the server's message.
        onError: (error) => setBanner({ tone: 'error', text: errorText(error) }),
      },
    )
  }

  if (!summary.data) return <SummaryFallback query={summary} />
  const data = summary.data
  const availableItems = loadedItems(available)
  const availableCount = `${formatNumber(availableItems.length)}${available.hasNextPage ? '+' : ''}`
  const busyId = action.isPending ? action.variables?.id : undefined

  return (
    <DashboardLayout
      title={t('dashboards.volunteer.title')}
      me={me}
      badge={
        data.rating !== null && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
            {t('dashboards.volunteer.ratingBadge', {
              rating: formatNumber(data.rating),
              count: data.ratingCount,
              n: formatNumber(data.ratingCount),
            })}
          </span>
        )
      }
      link={{ to: '/volunteer/schedule', icon: CalendarDays, label: t('dashboards.volunteer.schedule') }}
      stats={[
        {
          icon: Truck,
          label: t('dashboards.volunteer.stats.total'),
          value: formatNumber(data.stats.totalDeliveries),
        },
        {
          icon: CheckCircle2,
          label: t('dashboards.volunteer.stats.completed'),
          value: formatNumber(data.stats.completedDeliveries),
        },
        {
          icon: Clock,
          label: t('dashboards.volunteer.stats.hours'),
          value: t('dashboards.units.hours', { value: formatNumber(data.stats.totalHours) }),
        },
        {
          icon: Star,
          label: t('dashboards.volunteer.stats.rating'),
          value:
            data.rating === null
              ? t('dashboards.volunteer.notRated')
              : t('dashboards.volunteer.outOfFive', { rating: formatNumber(data.rating) }),
        },
      ]}
      banner={banner}
      notice={<VerificationNotice me={me} />}
      tabsLabel={t('dashboards.volunteer.tabsLabel')}
      workTab={activeDeliveries(mine).length > 0 ? 'my-deliveries' : 'available'}
      tabs={[
        {
          value: 'overview',
          label: t('dashboards.volunteer.tabs.overview'),
          content: <Overview data={data} />,
        },
        {
          value: 'available',
          label: t('dashboards.volunteer.tabs.available', { n: availableCount }),
          content: (
            <>
              <RunsPanel runs={data.runs} />
              <AvailableDeliveries
                query={available}
                title={t('dashboards.volunteer.tabs.available', { n: availableCount })}
                busyId={busyId}
                onAct={act}
                // Verified, and within reach (the list holds only those); the server decides too.
                mayAccept={(d) =>
                  can(me, 'delivery.accept', {
                    requesterId: null,
                    pickupDistrict: d.listing.pickupDistrict,
                    district: d.district,
                  })
                }
              />
            </>
          ),
        },
        {
          value: 'my-deliveries',
          label: t('dashboards.volunteer.tabs.mine'),
          content: <ActiveDeliveries query={mine} busyId={busyId} onAct={act} onDelivered={delivered} />,
        },
        {
          value: 'history',
          label: t('dashboards.volunteer.tabs.history'),
          content: <DeliveryHistory query={mine} />,
        },
      ]}
    />
  )
}

/**
 * The volunteer's own runs (docs/decisions/0071-volunteer-runs.md): how many, stops per run and km
 * per serving, with the way to plan the next one.
 */
function RunsPanel({ runs }: { runs: VolunteerDashboard['runs'] }) {
  const { t } = useTranslation()
  const figure = (label: string, value: number | null) => (
    <div>
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="font-bold text-gray-900">{value === null ? '—' : formatNumber(value)}</dd>
    </div>
  )
  return (
    <section
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-gray-50 p-3"
      data-runs
    >
      <dl className="flex flex-wrap gap-x-6 gap-y-2">
        {figure(t('dashboards.volunteer.runs.completed'), runs.completed)}
        {figure(t('dashboards.volunteer.runs.stopsPerRun'), runs.stopsPerRun)}
        {figure(t('dashboards.volunteer.runs.kmPerServing'), runs.kmPerServing)}
      </dl>
      <Link to="/volunteer/runs/new" className={buttonClass('primary')}>
        <Route className="size-4 shrink-0" aria-hidden />
        {t('dashboards.volunteer.runs.plan')}
      </Link>
    </section>
  )
}

function Overview({ data }: { data: VolunteerDashboard }) {
  const { t } = useTranslation()
  const figure = (label: string, value: string) => (
    <div className="rounded-md bg-gray-50 p-3">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="text-xl font-bold text-gray-900">{value}</dd>
    </div>
  )
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title={t('dashboards.badges')}>
        <BadgeList badges={data.badges} empty={t('dashboards.volunteer.noBadges')} />
      </Panel>
      <Panel title={t('dashboards.volunteer.thisMonth')}>
        <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-3">
          {figure(t('dashboards.volunteer.month.deliveries'), formatNumber(data.thisMonth.completed))}
          {figure(
            t('dashboards.volunteer.month.hours'),
            t('dashboards.units.hours', { value: formatNumber(data.thisMonth.hours) }),
          )}
          {figure(t('dashboards.volunteer.month.people'), formatNumber(data.thisMonth.peopleHelped))}
        </dl>
      </Panel>
      <Panel title={t('dashboards.volunteer.impact')}>
        <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-3">
          {figure(t('dashboards.volunteer.impactMeals'), formatNumber(data.impact.mealsDelivered))}
          {figure(
            t('dashboards.volunteer.impactCo2'),
            t('dashboards.units.kg', { value: formatNumber(data.impact.co2SavedKg) }),
          )}
          {figure(
            t('dashboards.volunteer.impactDistance'),
            t('dashboards.units.km', { value: formatNumber(data.impact.distanceKm) }),
          )}
        </dl>
        <p className="mt-3 text-xs text-gray-500">{t('dashboards.volunteer.impactNote')}</p>
      </Panel>
      <Panel title={t('dashboards.volunteer.recent')}>
        <RecentList
          empty={t('dashboards.volunteer.noDeliveries')}
          items={data.recent.map((d) => ({
            key: d.id,
            title: d.title,
            detail: (
              <>
                <span data-user-content>{d.city}</span>, {districtName(t, d.district)} ·{' '}
                {formatDateTime(d.deliveryAt)} · {formatLkr(d.fee)}
              </>
            ),
            status: <StatusBadge kind="delivery" status={d.status} />,
          }))}
        />
      </Panel>
    </div>
  )
}
