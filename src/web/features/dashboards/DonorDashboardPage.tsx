import { Award, Gift, Package, Plus, Utensils } from 'lucide-react'
import { lazy, useState } from 'react'
import type { DonorDashboard } from '../../../shared/schemas/dashboards'
import type { Me } from '../../../shared/schemas/users'
import { Panel } from '../../components/ui/Panel'
import { StatusBadge } from '../../components/ui/StatusBadge'
import { useOrders } from '../../entities/order/api'
import { BadgeList } from '../../entities/user/BadgeChip'
import { formatDate, formatNumber } from '../../lib/format'
import { loadedItems } from '../../lib/paging'
import { useTranslation } from '../../lib/translation'
import { useDonorDashboard } from './api'
import { DashboardGuard, DashboardLayout, RecentList, SummaryFallback } from './layout'
import { MonthlyReport } from './MonthlyReport'
import { StandingPanel } from './standing/StandingPanel'

/**
 * The tabs after Overview are fetched when opened (or when the claims open first on a phone): a first
 * visit downloads what its first screen shows (docs/decisions/0043-react-and-wouter.md, budgets).
 */
const ActiveDonationsTab = lazy(() =>
  import('./donor/DonationsTabs').then((m) => ({ default: m.ActiveDonationsTab })),
)
const DonationHistoryTab = lazy(() =>
  import('./donor/DonationsTabs').then((m) => ({ default: m.DonationHistoryTab })),
)
const FoodClaimsTab = lazy(() => import('./donor/FoodClaimsTab').then((m) => ({ default: m.FoodClaimsTab })))
const ImpactTab = lazy(() => import('./donor/ImpactTab').then((m) => ({ default: m.ImpactTab })))

/** /dashboard/donor: donations, the claims on them and the donor's impact. */
export function DonorDashboardPage() {
  return <DashboardGuard forRole="donor">{(me) => <DonorDashboardView me={me} />}</DashboardGuard>
}

function DonorDashboardView({ me }: { me: Me }) {
  const { t } = useTranslation()
  const summary = useDonorDashboard()
  // Claims and requests waiting for the donor's decision open first on a phone.
  const claims = useOrders('claim', 'donor')
  const requests = useOrders('request', 'donor')
  const waiting = [claims, requests].some((q) => loadedItems(q).some((o) => o.status === 'pending'))
  // Once it opened on the claims, the page stays there: approving the last one must not jump to Overview.
  const [opensOnClaims, setOpensOnClaims] = useState(false)
  if (waiting && !opensOnClaims) setOpensOnClaims(true)
  if (!summary.data) return <SummaryFallback query={summary} />
  const data = summary.data
  return (
    <DashboardLayout
      title={t('dashboards.donor.title')}
      me={me}
      link={{ to: '/donate', icon: Plus, label: t('dashboards.donor.newDonation') }}
      notice={<MonthlyReport me={me} />}
      stats={[
        {
          icon: Gift,
          label: t('dashboards.donor.stats.total'),
          value: formatNumber(data.stats.totalDonations),
        },
        {
          icon: Package,
          label: t('dashboards.donor.stats.active'),
          value: formatNumber(data.stats.activeDonations),
        },
        {
          icon: Utensils,
          label: t('dashboards.donor.stats.meals'),
          value: formatNumber(data.stats.mealsShared),
        },
        {
          icon: Award,
          label: t('dashboards.donor.stats.score'),
          value: formatNumber(data.stats.impactScore),
        },
      ]}
      tabsLabel={t('dashboards.donor.tabsLabel')}
      workTab={opensOnClaims ? 'claims' : undefined}
      tabs={[
        {
          value: 'overview',
          label: t('dashboards.donor.tabs.overview'),
          content: <Overview data={data} me={me} />,
        },
        {
          value: 'active',
          label: t('dashboards.donor.tabs.active'),
          content: <ActiveDonationsTab donorId={me.id} />,
        },
        { value: 'claims', label: t('dashboards.donor.tabs.claims'), content: <FoodClaimsTab /> },
        {
          value: 'history',
          label: t('dashboards.donor.tabs.history'),
          content: <DonationHistoryTab donorId={me.id} />,
        },
        { value: 'impact', label: t('dashboards.donor.tabs.impact'), content: <ImpactTab data={data} /> },
      ]}
    />
  )
}

function Overview({ data, me }: { data: DonorDashboard; me: Me }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <StandingPanel as="donor" me={me} />
      </div>
      <Panel title={t('dashboards.badges')}>
        <BadgeList badges={data.badges} empty={t('dashboards.donor.noBadges')} />
      </Panel>
      <Panel title={t('dashboards.donor.recent')}>
        <RecentList
          empty={t('dashboards.donor.noDonations')}
          items={data.recent.map((item) => ({
            key: item.id,
            title: item.title,
            detail: (
              <>
                {t('dashboards.servings', {
                  count: item.initialQuantity,
                  n: formatNumber(item.initialQuantity),
                })}{' '}
                · {formatDate(item.createdAt)}
              </>
            ),
            status: <StatusBadge kind="listing" status={item.status} />,
          }))}
        />
      </Panel>
    </div>
  )
}
