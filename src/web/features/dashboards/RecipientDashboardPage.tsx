import { Banknote, HandHeart, Search, ShoppingBag, Utensils } from 'lucide-react'
import { lazy } from 'react'
import type { RecipientDashboard } from '../../../shared/schemas/dashboards'
import type { Me } from '../../../shared/schemas/users'
import { useBanner } from '../../components/ui/Banner'
import { Empty, Panel } from '../../components/ui/Panel'
import { Stars } from '../../components/ui/Stars'
import { StatusBadge } from '../../components/ui/StatusBadge'
import { formatDate, formatLkr, formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useRecipientDashboard } from './api'
import { DashboardGuard, DashboardLayout, RecentList, SummaryFallback } from './layout'
import { MonthlyReport } from './MonthlyReport'
import { OrganisationNotice } from './recipient/OrganisationNotice'
import { UpcomingPickups } from './recipient/UpcomingPickups'
import { OpenOffersPanel } from './standing/OpenOffersPanel'
import { StandingPanel } from './standing/StandingPanel'

/** The tabs after Overview are fetched when opened (docs/decisions/0043-react-and-wouter.md, budgets). */
const MyOrdersTab = lazy(() => import('./recipient/MyOrdersTab').then((m) => ({ default: m.MyOrdersTab })))
const MyDeliveriesTab = lazy(() =>
  import('./recipient/MyDeliveriesTab').then((m) => ({ default: m.MyDeliveriesTab })),
)

/** /dashboard/recipient: the recipient's claims, requests and deliveries. */
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
    <DashboardLayout
      title={t('dashboards.recipient.title')}
      me={me}
      link={{ to: '/find-food', icon: Search, label: t('dashboards.recipient.findFood') }}
      notice={
        me.organisation && (
          <>
            <OrganisationNotice organisation={me.organisation} />
            {me.organisation.state === 'verified' && <MonthlyReport me={me} />}
          </>
        )
      }
      stats={[
        {
          icon: HandHeart,
          label: t('dashboards.recipient.stats.claims'),
          value: formatNumber(data.stats.totalClaims),
        },
        {
          icon: ShoppingBag,
          label: t('dashboards.recipient.stats.requests'),
          value: formatNumber(data.stats.totalRequests),
        },
        {
          icon: Utensils,
          label: t('dashboards.recipient.stats.meals'),
          value: formatNumber(data.stats.mealsReceived),
        },
        {
          icon: Banknote,
          label: t('dashboards.recipient.stats.saved'),
          value: formatLkr(data.stats.moneySaved),
        },
      ]}
      banner={banner}
      tabsLabel={t('dashboards.recipient.tabsLabel')}
      tabs={[
        {
          value: 'overview',
          label: t('dashboards.recipient.tabs.overview'),
          content: <Overview data={data} me={me} />,
        },
        {
          value: 'claims',
          label: t('dashboards.recipient.tabs.claims'),
          content: <MyOrdersTab kind="claim" onResult={setBanner} />,
        },
        {
          value: 'requests',
          label: t('dashboards.recipient.tabs.requests'),
          content: <MyOrdersTab kind="request" onResult={setBanner} />,
        },
        {
          value: 'deliveries',
          label: t('dashboards.recipient.tabs.deliveries'),
          content: <MyDeliveriesTab onResult={setBanner} />,
        },
      ]}
    />
  )
}

function Overview({ data, me }: { data: RecipientDashboard; me: Me }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="empty:hidden lg:col-span-2">
        <UpcomingPickups />
      </div>
      <div className="space-y-6 lg:col-span-2">
        <StandingPanel as="taker" me={me} />
        <OpenOffersPanel me={me} />
      </div>
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
        <RecentList
          empty={t('dashboards.recipient.noActivity')}
          items={data.recent.map((item) => ({
            key: `${item.kind}-${item.id}`,
            title: item.title,
            detail: (
              <>
                {t(`dashboards.recipient.kind.${item.kind}`)} · {formatDate(item.createdAt)}
                {item.amount > 0 && ` · ${formatLkr(item.amount)}`}
              </>
            ),
            status: (
              <StatusBadge kind={item.kind === 'delivery' ? 'delivery' : 'order'} status={item.status} />
            ),
          }))}
        />
      </Panel>
    </div>
  )
}
