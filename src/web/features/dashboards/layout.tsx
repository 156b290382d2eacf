import { Loader2, type LucideIcon } from 'lucide-react'
import { type ReactNode, Suspense } from 'react'
import { Link, Redirect } from 'wouter'
import { can } from '../../../shared/policy'
import type { Role } from '../../../shared/reference-data'
import type { Me } from '../../../shared/schemas/users'
import { EmailVerificationBanner } from '../../components/EmailVerificationBanner'
import { type Banner, StickyBanner } from '../../components/ui/Banner'
import { Alert, buttonClass } from '../../components/ui/form'
import { PageContainer } from '../../components/ui/PageHeader'
import { Empty } from '../../components/ui/Panel'
import { SearchParamTabs } from '../../components/ui/SearchParamTabs'
import { StatCard, StatGrid } from '../../components/ui/StatCard'
import { TitleAndDetail } from '../../components/ui/TitleAndDetail'
import { withUserContent } from '../../components/ui/UserContent'
import { useDocumentTitle } from '../../lib/document-title'
import { useSignInHere } from '../../lib/return-path'
import { dashboardPath, useMe } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { usePhoneWidth } from '../../lib/use-phone-width'

/**
 * A dashboard is its role's only: signed-out visitors sign in and come back, a user of another role to their
 * own dashboard (the server refuses the data anyway, 403).
 */
export function DashboardGuard({ forRole, children }: { forRole: Role; children: (me: Me) => ReactNode }) {
  const me = useMe()
  const signIn = useSignInHere()
  if (me.isPending) return <DashboardLoading />
  if (!me.data) return <Redirect to={signIn} replace />
  if (!can(me.data, 'dashboard.view', { role: forRole }))
    return <Redirect to={me.data.role ? dashboardPath(me.data.role) : signIn} replace />
  return (
    <>
      <EmailVerificationBanner me={me.data} className="mx-auto max-w-7xl px-4 pt-6" />
      {children(me.data)}
    </>
  )
}

function DashboardLoading() {
  const { t } = useTranslation()
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 p-12 text-gray-600">
      <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden />
      {t('dashboards.loading')}
    </div>
  )
}

/** While a dashboard's figures load, or when they could not be loaded. */
export function SummaryFallback({ query }: { query: { isPending: boolean } }) {
  const { t } = useTranslation()
  if (query.isPending) return <DashboardLoading />
  return (
    <PageContainer>
      <Alert tone="error">{t('dashboards.loadFailed')}</Alert>
    </PageContainer>
  )
}

type Stat = { icon: LucideIcon; label: string; value: string }
type Tab<T extends string> = { value: T; label: string; content: ReactNode }

/**
 * Every dashboard's frame: the title with a greeting by name (or e-mail), the role's main link (after
 * an optional badge), four figures, the result banner of the last action, then the tabs. On a phone
 * the work comes first: `workTab` (decisions or deliveries waiting) opens, and the figures go last.
 * A tab's content may be a lazy component, fetched when the tab opens: it says Loading meanwhile.
 */
export function DashboardLayout<T extends string>({
  title,
  me,
  badge,
  link,
  stats,
  banner = null,
  notice = null,
  tabsLabel,
  tabs,
  workTab,
}: {
  title: string
  me: Me
  badge?: ReactNode
  link: { to: string; icon: LucideIcon; label: string }
  stats: Stat[]
  banner?: Banner | null
  /** Something the user must know before the work (a volunteer's verification), above the tabs. */
  notice?: ReactNode
  tabsLabel: string
  tabs: Tab<T>[]
  workTab?: T
}) {
  const { t } = useTranslation()
  useDocumentTitle(title)
  const phone = usePhoneWidth()
  const greeting = withUserContent((v) => t('dashboards.greeting', { name: v.name }), {
    name: me.name?.trim() || me.email,
  })
  return (
    <PageContainer>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
          <p className="mt-1 break-words text-gray-600">{greeting}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {badge}
          <Link to={link.to} className={buttonClass('primary')}>
            <link.icon className="size-4" aria-hidden />
            {link.label}
          </Link>
        </div>
      </div>
      {notice}
      <div className="flex flex-col">
        <div data-stats className="max-sm:order-last max-sm:mt-6">
          <StatGrid>
            {stats.map((stat, index) => (
              <StatCard key={index} icon={stat.icon} label={stat.label} value={stat.value} />
            ))}
          </StatGrid>
        </div>
        <StickyBanner banner={banner} className="mb-4" />
        <SearchParamTabs
          label={tabsLabel}
          tabs={tabs.map((tab) => ({
            ...tab,
            content: (
              <Suspense fallback={<p className="text-sm text-gray-600">{t('common.loading')}</p>}>
                {tab.content}
              </Suspense>
            ),
          }))}
          initial={phone ? workTab : undefined}
        />
      </div>
    </PageContainer>
  )
}

export type RecentItem = { key: string; title: string; detail: ReactNode; status: ReactNode }

/** The Overview's latest activity: title, a line of details, and the status at the end. */
export function RecentList({ items, empty }: { items: RecentItem[]; empty: string }) {
  if (items.length === 0) return <Empty>{empty}</Empty>
  return (
    <ul className="divide-y divide-gray-100">
      {items.map((item) => (
        <li key={item.key} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
          <TitleAndDetail
            title={item.title}
            detail={item.detail}
            titleClassName="break-words font-medium text-gray-900"
            detailClassName="text-sm text-gray-600"
          />
          {item.status}
        </li>
      ))}
    </ul>
  )
}
