import { Banknote, HandHeart, Search, ShoppingBag, Star, Utensils } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { RecipientDashboard } from '../../../shared/schemas/dashboards'
import type { Delivery, Order } from '../../../shared/schemas/orders'
import type { Me } from '../../../shared/schemas/users'
import { Alert, buttonClass } from '../../components/ui/form'
import { ListState, LoadMore } from '../../components/ui/ListState'
import { PageContainer } from '../../components/ui/PageHeader'
import { formatDate, formatDateTime, formatLkr, formatNumber } from '../../lib/format'
import { useErrorText } from '../../lib/use-error-text'
import { districtName } from '../listings/labels'
import {
  useDeliveries,
  useDeliveryAction,
  useOrderAction,
  useOrders,
  useRateDelivery,
  useRecipientDashboard,
} from './api'
import {
  type Banner,
  DashboardGuard,
  DashboardHeader,
  DashboardTabs,
  Empty,
  orderStatus,
  Panel,
  ScrollTable,
  Stars,
  StatCard,
  StatGrid,
  StatusBadge,
  SummaryFallback,
  smallButton,
  td,
  th,
  useBanner,
} from './ui'

/** /dashboard/recipient (spec part 2 section 2): the recipient's claims, requests and deliveries. */
export function RecipientDashboardPage() {
  return <DashboardGuard forRole="recipient">{(me) => <RecipientDashboardView me={me} />}</DashboardGuard>
}

function RecipientDashboardView({ me }: { me: Me }) {
  const { t } = useTranslation()
  const summary = useRecipientDashboard()
  const [banner, setBanner] = useBanner()

  if (!summary.data) return <SummaryFallback query={summary} />
  const data = summary.data
  return (
    <PageContainer>
      <DashboardHeader title={t('dashboards.recipient.title')} me={me}>
        <Link to="/find-food" className={buttonClass('primary')}>
          <Search className="size-4" aria-hidden />
          {t('dashboards.recipient.findFood')}
        </Link>
      </DashboardHeader>
      <StatGrid>
        <StatCard
          icon={HandHeart}
          label={t('dashboards.recipient.stats.claims')}
          value={formatNumber(data.stats.totalClaims)}
        />
        <StatCard
          icon={ShoppingBag}
          label={t('dashboards.recipient.stats.requests')}
          value={formatNumber(data.stats.totalRequests)}
        />
        <StatCard
          icon={Utensils}
          label={t('dashboards.recipient.stats.meals')}
          value={formatNumber(data.stats.mealsReceived)}
        />
        <StatCard
          icon={Banknote}
          label={t('dashboards.recipient.stats.saved')}
          value={formatLkr(data.stats.moneySaved)}
        />
      </StatGrid>
      {banner && (
        <div className="sticky top-2 z-10 mb-4">
          <Alert tone={banner.tone}>{banner.text}</Alert>
        </div>
      )}
      <DashboardTabs
        label={t('dashboards.recipient.tabsLabel')}
        tabs={[
          {
            value: 'overview',
            label: t('dashboards.recipient.tabs.overview'),
            content: <Overview data={data} />,
          },
          {
            value: 'claims',
            label: t('dashboards.recipient.tabs.claims'),
            content: <MyOrders kind="claim" onResult={setBanner} />,
          },
          {
            value: 'requests',
            label: t('dashboards.recipient.tabs.requests'),
            content: <MyOrders kind="request" onResult={setBanner} />,
          },
          {
            value: 'deliveries',
            label: t('dashboards.recipient.tabs.deliveries'),
            content: <MyDeliveries onResult={setBanner} />,
          },
        ]}
      />
    </PageContainer>
  )
}

function Overview({ data }: { data: RecipientDashboard }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title={t('dashboards.recipient.favourites')}>
        {data.favouriteCategories.length === 0 ? (
          <Empty>{t('dashboards.recipient.noFavourites')}</Empty>
        ) : (
          <ul className="divide-y divide-gray-100">
            {data.favouriteCategories.map((c) => (
              <li key={c.slug ?? 'none'} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <div>
                  <p className="font-medium text-gray-900">
                    {c.slug
                      ? t(`categories.${c.slug}`, { defaultValue: c.name ?? c.slug })
                      : t('categories.uncategorized')}
                  </p>
                  <p className="text-sm text-gray-600">
                    {t('dashboards.recipient.orderCount', { count: c.count, n: formatNumber(c.count) })}
                  </p>
                </div>
                <Stars value={c.stars} label={t('dashboards.stars', { n: c.stars })} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t('dashboards.recipient.recent')}>
        {data.recent.length === 0 ? (
          <Empty>{t('dashboards.recipient.noActivity')}</Empty>
        ) : (
          <ul className="divide-y divide-gray-100">
            {data.recent.map((item) => (
              <li
                key={`${item.kind}-${item.id}`}
                className="flex flex-wrap items-center justify-between gap-2 py-2.5"
              >
                <div className="min-w-0">
                  <p className="break-words font-medium text-gray-900" data-user-content>
                    {item.title}
                  </p>
                  <p className="text-sm text-gray-600">
                    {t(`dashboards.recipient.kind.${item.kind}`)} · {formatDate(item.createdAt)}
                    {item.amount > 0 && ` · ${formatLkr(item.amount)}`}
                  </p>
                </div>
                <StatusBadge kind={item.kind === 'delivery' ? 'delivery' : 'order'} status={item.status} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  )
}

function useCancelResult(onResult: (banner: Banner) => void) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return {
    onSuccess: () => onResult({ tone: 'success', text: t('dashboards.recipient.cancelled') }),
    onError: (error: unknown) =>
      onResult({ tone: 'error', text: `${t('dashboards.recipient.cancelFailed')} ${errorText(error)}` }),
  }
}

/** My Claims or My Requests, newest first, with Cancel while pending. */
function MyOrders({ kind, onResult }: { kind: 'claim' | 'request'; onResult: (banner: Banner) => void }) {
  const { t } = useTranslation()
  const query = useOrders(kind, 'requester')
  const action = useOrderAction()
  const result = useCancelResult(onResult)
  const items = query.data?.pages.flatMap((p) => p.items) ?? []
  const heading = t(`dashboards.recipient.tabs.${kind === 'claim' ? 'claims' : 'requests'}`)
  const cancel = (order: Order) => action.mutate({ kind, id: order.id, action: 'cancel' }, result)
  return (
    <Panel title={heading}>
      <ListState query={query} isEmpty={items.length === 0} empty={t(`dashboards.recipient.empty.${kind}`)}>
        <ScrollTable label={heading}>
          <thead>
            <tr>
              <th className={th}>{t('dashboards.columns.foodItem')}</th>
              {kind === 'claim' ? (
                <>
                  <th className={th}>{t('dashboards.columns.details')}</th>
                  <th className={th}>{t('dashboards.columns.pickupDate')}</th>
                  <th className={th}>{t('dashboards.columns.contactMethod')}</th>
                </>
              ) : (
                <>
                  <th className={th}>{t('dashboards.columns.quantity')}</th>
                  <th className={th}>{t('dashboards.columns.totalPrice')}</th>
                  <th className={th}>{t('dashboards.columns.paymentMethod')}</th>
                </>
              )}
              <th className={th}>{t('dashboards.columns.status')}</th>
              <th className={th}>
                {t(`dashboards.columns.${kind === 'claim' ? 'dateClaimed' : 'dateRequested'}`)}
              </th>
              <th className={th}>{t('dashboards.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((order) => (
              <tr key={order.id} data-order={order.id}>
                <td className={`${td} min-w-40`}>
                  <p className="font-medium text-gray-900" data-user-content>
                    {order.listing.title}
                  </p>
                  <p className="text-xs text-gray-600">
                    <span data-user-content>
                      {order.listing.donorName} · {order.listing.pickupCity}
                    </span>
                  </p>
                </td>
                {kind === 'claim' ? (
                  <>
                    <td className={td}>
                      <p>
                        {t('dashboards.servings', { count: order.quantity, n: formatNumber(order.quantity) })}
                      </p>
                      {order.notes && (
                        <p className="mt-1 max-w-xs text-xs text-gray-600" data-user-content>
                          {order.notes}
                        </p>
                      )}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(order.pickupAt)}</td>
                    <td className={td}>
                      {t(`dashboards.contact.${order.contactMethod ?? 'email'}`)}
                      <p className="text-xs break-all text-gray-600">
                        {order.contactMethod === 'phone'
                          ? order.phone
                          : (order.email ?? order.requester.email)}
                      </p>
                    </td>
                  </>
                ) : (
                  <>
                    <td className={td}>
                      {t('dashboards.servings', { count: order.quantity, n: formatNumber(order.quantity) })}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{formatLkr(order.totalPrice)}</td>
                    <td className={td}>
                      {order.paymentMethod ? t(`dashboards.payment.${order.paymentMethod}`) : '—'}
                    </td>
                  </>
                )}
                <td className={td}>
                  <StatusBadge kind="order" status={orderStatus(order)} />
                </td>
                <td className={`${td} whitespace-nowrap`}>{formatDate(order.createdAt)}</td>
                <td className={td}>
                  {order.status === 'pending' && (
                    <button
                      type="button"
                      disabled={action.isPending && action.variables?.id === order.id}
                      onClick={() => cancel(order)}
                      className={`${smallButton} border border-red-300 text-red-700 hover:bg-red-50`}
                    >
                      {action.isPending && action.variables?.id === order.id
                        ? t('dashboards.claims.processing')
                        : t('dashboards.recipient.cancel')}
                    </button>
                  )}
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

/** Delivery requests: where, when, the fee and the status; Cancel while pending; rate once completed. */
function MyDeliveries({ onResult }: { onResult: (banner: Banner) => void }) {
  const { t } = useTranslation()
  const query = useDeliveries('requester')
  const action = useDeliveryAction()
  const result = useCancelResult(onResult)
  const items = query.data?.pages.flatMap((p) => p.items) ?? []
  const heading = t('dashboards.recipient.tabs.deliveries')
  return (
    <Panel title={heading}>
      <ListState query={query} isEmpty={items.length === 0} empty={t('dashboards.recipient.empty.delivery')}>
        <ScrollTable label={heading}>
          <thead>
            <tr>
              <th className={th}>{t('dashboards.columns.address')}</th>
              <th className={th}>{t('dashboards.columns.cityDistrict')}</th>
              <th className={th}>{t('dashboards.columns.deliveryDate')}</th>
              <th className={th}>{t('dashboards.columns.fee')}</th>
              <th className={th}>{t('dashboards.columns.status')}</th>
              <th className={th}>{t('dashboards.columns.dateRequested')}</th>
              <th className={th}>{t('dashboards.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id} data-delivery={d.id}>
                <td className={td}>
                  <p className="font-medium text-gray-900" data-user-content>
                    {d.address}
                  </p>
                  <p className="text-xs text-gray-600" data-user-content>
                    {d.listing.title}
                  </p>
                </td>
                <td className={td}>
                  <span data-user-content>{d.city}</span>, {districtName(t, d.district)}
                </td>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(d.deliveryAt)}</td>
                <td className={`${td} whitespace-nowrap`}>{formatLkr(d.fee)}</td>
                <td className={td}>
                  <StatusBadge kind="delivery" status={d.status} />
                  {d.volunteer && (
                    <p className="mt-1 text-xs text-gray-600" data-user-content>
                      {d.volunteer.name}
                    </p>
                  )}
                </td>
                <td className={`${td} whitespace-nowrap`}>{formatDate(d.createdAt)}</td>
                <td className={td}>
                  {d.status === 'pending' && (
                    <button
                      type="button"
                      disabled={action.isPending && action.variables?.id === d.id}
                      onClick={() => action.mutate({ id: d.id, action: 'cancel' }, result)}
                      className={`${smallButton} border border-red-300 text-red-700 hover:bg-red-50`}
                    >
                      {action.isPending && action.variables?.id === d.id
                        ? t('dashboards.claims.processing')
                        : t('dashboards.recipient.cancel')}
                    </button>
                  )}
                  {d.status === 'completed' && <RateDelivery delivery={d} onResult={onResult} />}
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

function RateDelivery({ delivery, onResult }: { delivery: Delivery; onResult: (banner: Banner) => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const rate = useRateDelivery()
  if (delivery.rating !== null) {
    return <Stars value={delivery.rating} label={t('dashboards.recipient.rated', { n: delivery.rating })} />
  }
  return (
    <fieldset>
      <legend className="mb-1 text-xs text-gray-600">{t('dashboards.recipient.rate')}</legend>
      <div className="flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            disabled={rate.isPending}
            aria-label={t('dashboards.stars', { n })}
            onClick={() =>
              rate.mutate(
                { id: delivery.id, rating: n },
                {
                  onSuccess: () =>
                    onResult({ tone: 'success', text: t('dashboards.recipient.thanksForRating') }),
                  onError: (error) => onResult({ tone: 'error', text: errorText(error) }),
                },
              )
            }
            className="rounded p-1 text-gray-400 hover:text-amber-500"
          >
            <Star className="size-5" aria-hidden />
          </button>
        ))}
      </div>
    </fieldset>
  )
}
