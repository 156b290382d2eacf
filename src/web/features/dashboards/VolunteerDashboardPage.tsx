import { CalendarDays, CheckCircle2, Clock, MapPin, Phone, Star, Truck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { VolunteerDashboard } from '../../../shared/schemas/dashboards'
import type { Delivery } from '../../../shared/schemas/orders'
import type { Me } from '../../../shared/schemas/users'
import { Alert, buttonClass } from '../../components/ui/form'
import { ListState, LoadMore } from '../../components/ui/ListState'
import { PageContainer } from '../../components/ui/PageHeader'
import { formatDateTime, formatLkr, formatNumber } from '../../lib/format'
import { useErrorText } from '../../lib/use-error-text'
import { districtName } from '../listings/labels'
import { type DeliveryAction, useDeliveries, useDeliveryAction, useVolunteerDashboard } from './api'
import {
  BadgeList,
  DashboardGuard,
  DashboardHeader,
  DashboardTabs,
  Empty,
  Panel,
  ScrollTable,
  StatCard,
  StatGrid,
  StatusBadge,
  SummaryFallback,
  smallButton,
  td,
  th,
  useBanner,
} from './ui'

/** /dashboard/volunteer (spec part 2 section 2): deliveries to take on, the volunteer's own and their history. */
export function VolunteerDashboardPage() {
  return <DashboardGuard forRole="volunteer">{(me) => <VolunteerDashboardView me={me} />}</DashboardGuard>
}

const ACTIVE = new Set(['assigned', 'in-progress'])

function VolunteerDashboardView({ me }: { me: Me }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const summary = useVolunteerDashboard()
  const available = useDeliveries('available', 50)
  const mine = useDeliveries('volunteer', 50)
  const action = useDeliveryAction()
  const [banner, setBanner] = useBanner()

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
  const availableItems = available.data?.pages.flatMap((p) => p.items) ?? []
  const availableCount = `${formatNumber(availableItems.length)}${available.hasNextPage ? '+' : ''}`
  const busyId = action.isPending ? action.variables?.id : undefined

  return (
    <PageContainer>
      <DashboardHeader title={t('dashboards.volunteer.title')} me={me}>
        {data.rating !== null && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
            {t('dashboards.volunteer.ratingBadge', {
              rating: formatNumber(data.rating),
              count: data.ratingCount,
              n: formatNumber(data.ratingCount),
            })}
          </span>
        )}
        <Link to="/volunteer/schedule" className={buttonClass('primary')}>
          <CalendarDays className="size-4" aria-hidden />
          {t('dashboards.volunteer.schedule')}
        </Link>
      </DashboardHeader>
      <StatGrid>
        <StatCard
          icon={Truck}
          label={t('dashboards.volunteer.stats.total')}
          value={formatNumber(data.stats.totalDeliveries)}
        />
        <StatCard
          icon={CheckCircle2}
          label={t('dashboards.volunteer.stats.completed')}
          value={formatNumber(data.stats.completedDeliveries)}
        />
        <StatCard
          icon={Clock}
          label={t('dashboards.volunteer.stats.hours')}
          value={t('dashboards.units.hours', { value: formatNumber(data.stats.totalHours) })}
        />
        <StatCard
          icon={Star}
          label={t('dashboards.volunteer.stats.rating')}
          value={
            data.rating === null
              ? t('dashboards.volunteer.notRated')
              : t('dashboards.volunteer.outOfFive', { rating: formatNumber(data.rating) })
          }
        />
      </StatGrid>
      {banner && (
        <div className="sticky top-2 z-10 mb-4">
          <Alert tone={banner.tone}>{banner.text}</Alert>
        </div>
      )}
      <DashboardTabs
        label={t('dashboards.volunteer.tabsLabel')}
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
              <Panel title={t('dashboards.volunteer.tabs.available', { n: availableCount })}>
                <ListState
                  query={available}
                  isEmpty={availableItems.length === 0}
                  empty={t('dashboards.volunteer.noAvailable')}
                >
                  <ul className="grid gap-4 md:grid-cols-2">
                    {availableItems.map((d) => (
                      <DeliveryCard key={d.id} delivery={d}>
                        <button
                          type="button"
                          disabled={busyId === d.id}
                          onClick={() => act(d, 'accept')}
                          className={`${smallButton} w-full bg-brand-700 py-2 text-white hover:bg-brand-800`}
                        >
                          {busyId === d.id
                            ? t('dashboards.claims.processing')
                            : t('dashboards.volunteer.accept')}
                        </button>
                      </DeliveryCard>
                    ))}
                  </ul>
                </ListState>
                <LoadMore
                  hasMore={!!available.hasNextPage}
                  loading={available.isFetchingNextPage}
                  onClick={() => void available.fetchNextPage()}
                />
              </Panel>
            ),
          },
          {
            value: 'my-deliveries',
            label: t('dashboards.volunteer.tabs.mine'),
            content: <ActiveDeliveries query={mine} busyId={busyId} onAct={act} />,
          },
          {
            value: 'history',
            label: t('dashboards.volunteer.tabs.history'),
            content: <History query={mine} />,
          },
        ]}
      />
    </PageContainer>
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
        {data.recent.length === 0 ? (
          <Empty>{t('dashboards.volunteer.noDeliveries')}</Empty>
        ) : (
          <ul className="divide-y divide-gray-100">
            {data.recent.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <div className="min-w-0">
                  <p className="break-words font-medium text-gray-900" data-user-content>
                    {d.title}
                  </p>
                  <p className="text-sm text-gray-600">
                    <span data-user-content>{d.city}</span>, {districtName(t, d.district)} ·{' '}
                    {formatDateTime(d.deliveryAt)} · {formatLkr(d.fee)}
                  </p>
                </div>
                <StatusBadge kind="delivery" status={d.status} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  )
}

/**
 * A delivery's card: fee, where, when, and once the volunteer has it, the exact addresses, phone and
 * special instructions (the server leaves them out before that).
 */
function DeliveryCard({ delivery: d, children }: { delivery: Delivery; children: React.ReactNode }) {
  const { t } = useTranslation()
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-gray-200 p-4" data-delivery={d.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-gray-900" data-user-content>
          {d.listing.title}
        </h3>
        <span className="text-lg font-bold text-brand-800">{formatLkr(d.fee)}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <StatusBadge kind="delivery" status={d.status} />
        {d.urgent && (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
            {t('dashboards.volunteer.urgent')}
          </span>
        )}
      </div>
      <p className="flex items-start gap-1.5 text-sm text-gray-700">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="break-words">
          <span data-user-content>{[d.address, d.city].filter(Boolean).join(', ')}</span>,{' '}
          {districtName(t, d.district)}
          {d.postalCode ? ` ${d.postalCode}` : ''}
        </span>
      </p>
      {d.listing.pickupAddress && (
        <p className="text-sm text-gray-700">
          <span className="font-medium">{t('dashboards.volunteer.pickupFrom')}</span>{' '}
          <span data-user-content>
            {d.listing.pickupAddress}, {d.listing.pickupCity} ({d.listing.donorName})
          </span>
        </p>
      )}
      <p className="flex items-center gap-1.5 text-sm text-gray-700">
        <CalendarDays className="size-4 shrink-0" aria-hidden />
        {formatDateTime(d.deliveryAt)}
      </p>
      {d.phone && (
        <p className="flex items-center gap-1.5 text-sm text-gray-700">
          <Phone className="size-4 shrink-0" aria-hidden />
          {d.phone}
        </p>
      )}
      {!d.address && <p className="text-xs text-gray-600">{t('dashboards.volunteer.detailsAfterAccept')}</p>}
      {d.specialInstructions && (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          <span className="font-medium">{t('dashboards.volunteer.instructions')}</span>{' '}
          {d.specialInstructions}
        </p>
      )}
      <div className="mt-auto pt-2">{children}</div>
    </li>
  )
}

type DeliveriesQuery = ReturnType<typeof useDeliveries>

function ActiveDeliveries({
  query,
  busyId,
  onAct,
}: {
  query: DeliveriesQuery
  busyId: string | undefined
  onAct: (delivery: Delivery, action: DeliveryAction) => void
}) {
  const { t } = useTranslation()
  const items = (query.data?.pages.flatMap((p) => p.items) ?? []).filter((d) => ACTIVE.has(d.status))
  return (
    <Panel title={t('dashboards.volunteer.tabs.mine')}>
      <ListState query={query} isEmpty={items.length === 0} empty={t('dashboards.volunteer.noActive')}>
        <ul className="grid gap-4 md:grid-cols-2">
          {items.map((d) => {
            const busy = busyId === d.id
            const contact = d.phone ? `tel:${d.phone}` : `mailto:${d.email ?? d.requester?.email}`
            return (
              <DeliveryCard key={d.id} delivery={d}>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    disabled={busy || d.status !== 'assigned'}
                    onClick={() => onAct(d, 'pick-up')}
                    className={`${smallButton} flex-1 bg-purple-700 text-white hover:bg-purple-800`}
                  >
                    {t('dashboards.volunteer.pickedUp')}
                  </button>
                  <button
                    type="button"
                    disabled={busy || d.status === 'completed'}
                    onClick={() => onAct(d, 'complete')}
                    className={`${smallButton} flex-1 bg-green-700 text-white hover:bg-green-800`}
                  >
                    {t('dashboards.volunteer.markComplete')}
                  </button>
                  <a
                    href={contact}
                    className={`${smallButton} flex-1 border border-gray-300 text-gray-800 hover:bg-gray-50`}
                  >
                    <Phone className="size-4" aria-hidden />
                    {t('dashboards.volunteer.contact')}
                  </a>
                </div>
              </DeliveryCard>
            )
          })}
        </ul>
      </ListState>
    </Panel>
  )
}

function History({ query }: { query: DeliveriesQuery }) {
  const { t } = useTranslation()
  const items = [...(query.data?.pages.flatMap((p) => p.items) ?? [])].sort((a, b) =>
    b.deliveryAt.localeCompare(a.deliveryAt),
  )
  const heading = t('dashboards.volunteer.tabs.history')
  return (
    <Panel title={heading}>
      <ListState query={query} isEmpty={items.length === 0} empty={t('dashboards.volunteer.noDeliveries')}>
        <ScrollTable label={heading}>
          <thead>
            <tr>
              <th className={th}>{t('dashboards.columns.id')}</th>
              <th className={th}>{t('dashboards.columns.city')}</th>
              <th className={th}>{t('dashboards.columns.district')}</th>
              <th className={th}>{t('dashboards.columns.dateTime')}</th>
              <th className={th}>{t('dashboards.columns.feeEarned')}</th>
              <th className={th}>{t('dashboards.columns.status')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id} data-delivery={d.id}>
                <td className={`${td} font-mono`}>{d.id.slice(0, 8)}</td>
                <td className={td} data-user-content>
                  {d.city}
                </td>
                <td className={td}>{districtName(t, d.district)}</td>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(d.deliveryAt)}</td>
                <td className={`${td} whitespace-nowrap`}>
                  {d.status === 'completed' ? formatLkr(d.fee) : '—'}
                </td>
                <td className={td}>
                  <StatusBadge kind="delivery" status={d.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </ListState>
      <LoadMore
        hasMore={!!query.hasNextPage}
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      />
    </Panel>
  )
}
