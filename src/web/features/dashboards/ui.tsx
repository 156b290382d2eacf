import { Loader2, type LucideIcon, Star } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { can } from '../../../shared/policy'
import type { Role } from '../../../shared/reference-data'
import type { Me } from '../../../shared/schemas/users'
import { Alert } from '../../components/ui/form'
import { PageContainer } from '../../components/ui/PageHeader'
import { withUserContent } from '../../components/ui/UserContent'
import { dashboardPath, useMe } from '../../lib/session'
import { BadgeChip } from '../community/VolunteersTab'
import { PLACEHOLDER_IMAGE } from '../listings/ListingCard'

/**
 * A dashboard is its role's only: signed-out visitors go to /auth, a user of another role to their
 * own dashboard (the server refuses the data anyway, 403).
 */
export function DashboardGuard({ forRole, children }: { forRole: Role; children: (me: Me) => ReactNode }) {
  const me = useMe()
  if (me.isPending) return <DashboardLoading />
  if (!me.data) return <Navigate to="/auth" replace />
  if (!can(me.data, 'dashboard.view', { role: forRole }))
    return <Navigate to={me.data.role ? dashboardPath(me.data.role) : '/auth'} replace />
  return <>{children(me.data)}</>
}

export function DashboardLoading() {
  const { t } = useTranslation()
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 p-12 text-gray-600">
      <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden />
      {t('dashboards.loading')}
    </div>
  )
}

/** The dashboard's title, a greeting by name (or e-mail), and its links. */
export function DashboardHeader({ title, me, children }: { title: string; me: Me; children?: ReactNode }) {
  const { t } = useTranslation()
  const greeting = withUserContent((v) => t('dashboards.greeting', { name: v.name }), {
    name: me.name?.trim() || me.email,
  })
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
        <p className="mt-1 break-words text-gray-600">{greeting}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">{children}</div>
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

export type Banner = { tone: 'success' | 'error'; text: string }

const BANNER_MS = 5000

/** The result banner of an action, gone after 5 seconds. */
export function useBanner() {
  const [banner, setBanner] = useState<Banner | null>(null)
  useEffect(() => {
    if (!banner) return
    const timer = setTimeout(() => setBanner(null), BANNER_MS)
    return () => clearTimeout(timer)
  }, [banner])
  return [banner, setBanner] as const
}

export function StatCard({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <span className="rounded-full bg-brand-50 p-2.5 text-brand-700">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-gray-600">{label}</p>
        <p className="break-words text-2xl font-bold text-gray-900">{value}</p>
      </div>
    </div>
  )
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="mb-6 grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4">{children}</div>
}

/** Tabs whose open tab is kept in ?tab= (a reload or a shared link opens the same one). */
export function DashboardTabs<T extends string>({
  label,
  tabs,
}: {
  label: string
  tabs: { value: T; label: string; content: ReactNode }[]
}) {
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const value = tabs.some((t) => t.value === requested) ? (requested as T) : tabs[0]!.value
  return (
    <Tabs.Root
      value={value}
      onValueChange={(next) =>
        setParams(
          (current) => {
            const search = new URLSearchParams(current)
            search.set('tab', next)
            return search
          },
          { replace: true, preventScrollReset: true },
        )
      }
    >
      <Tabs.List aria-label={label} className="mb-6 flex gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="flex-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}

export function Panel({
  title,
  children,
  actions,
}: {
  title: string
  children: ReactNode
  actions?: ReactNode
}) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-gray-50 p-4 text-center text-sm text-gray-600">{children}</p>
}

/** A wide table scrolls sideways on a phone instead of being cut. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <table className="w-full min-w-[640px] text-left text-sm">{children}</table>
    </section>
  )
}

export const th = 'whitespace-nowrap border-b border-gray-200 px-3 py-2 font-semibold text-gray-700'
export const td = 'border-b border-gray-100 px-3 py-3 align-top text-gray-800'

type StatusKind = 'order' | 'delivery' | 'listing'

/** Spec part 2 section 4: pending yellow, confirmed/assigned blue, in-progress purple, completed green, cancelled red; listings available green, claimed blue, completed gray, expired red. */
const STATUS_COLOURS: Record<StatusKind, Record<string, string>> = {
  order: {
    pending: 'bg-yellow-100 text-yellow-900',
    confirmed: 'bg-blue-100 text-blue-900',
    completed: 'bg-green-100 text-green-900',
    cancelled: 'bg-red-100 text-red-900',
    declined: 'bg-red-100 text-red-900',
  },
  delivery: {
    pending: 'bg-yellow-100 text-yellow-900',
    assigned: 'bg-blue-100 text-blue-900',
    'in-progress': 'bg-purple-100 text-purple-900',
    completed: 'bg-green-100 text-green-900',
    cancelled: 'bg-red-100 text-red-900',
  },
  listing: {
    available: 'bg-green-100 text-green-900',
    claimed: 'bg-blue-100 text-blue-900',
    completed: 'bg-gray-200 text-gray-800',
    expired: 'bg-red-100 text-red-900',
  },
}

export function StatusBadge({ kind, status }: { kind: StatusKind; status: string }) {
  const { t } = useTranslation()
  return (
    <span
      data-status={status}
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[kind][status] ?? 'bg-gray-100 text-gray-800'}`}
    >
      {t(`statuses.${kind}.${status}`)}
    </span>
  )
}

export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={`size-4 ${n <= value ? 'fill-amber-400 text-amber-400' : 'text-gray-300'}`}
          aria-hidden
        />
      ))}
    </span>
  )
}

export function BadgeList({ badges, empty }: { badges: { id: string; icon: string }[]; empty: string }) {
  if (badges.length === 0) return <Empty>{empty}</Empty>
  return (
    <ul className="flex flex-wrap gap-2">
      {badges.map((b) => (
        <BadgeChip key={b.id} id={b.id} icon={b.icon} />
      ))}
    </ul>
  )
}

export const smallButton =
  'inline-flex items-center justify-center gap-1 rounded-md px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60'

export function coverOf(listing: { thumbnailUrls: string[]; imageUrls: string[] }): string {
  return listing.thumbnailUrls[0] ?? listing.imageUrls[0] ?? PLACEHOLDER_IMAGE
}

/** An order's status for display: a cancelled order the donor decided on reads 'Declined'. */
export function orderStatus(order: { status: string; decidedAt: string | null }): string {
  return order.status === 'cancelled' && order.decidedAt ? 'declined' : order.status
}
