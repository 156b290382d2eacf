import { Droplets, Heart, Home, Leaf, Recycle, Users } from 'lucide-react'
import type { DonorDashboard } from '../../../../shared/schemas/dashboards'
import { Panel } from '../../../components/ui/Panel'
import { StatCard, type StatCardProps } from '../../../components/ui/StatCard'
import { OutcomeCards } from '../../../entities/outcomes/OutcomeFigures'
import { formatDate, formatNumber } from '../../../lib/format'
import { useTranslation } from '../../../lib/translation'

/** My Impact: environmental and community figures and monthly progress, all from the donor's data. */
export function ImpactTab({ data }: { data: DonorDashboard }) {
  const { t } = useTranslation()
  const kg = (value: number) => t('dashboards.units.kg', { value: formatNumber(value) })
  const environment: StatCardProps[] = [
    { icon: Leaf, label: t('dashboards.impact.co2'), value: kg(data.environment.co2SavedKg) },
    {
      icon: Droplets,
      label: t('dashboards.impact.water'),
      value: t('dashboards.units.litres', { value: formatNumber(data.environment.waterSavedLitres) }),
    },
    { icon: Recycle, label: t('dashboards.impact.waste'), value: kg(data.environment.wastePreventedKg) },
  ]
  const community: StatCardProps[] = [
    {
      icon: Users,
      label: t('dashboards.impact.peopleHelped'),
      value: formatNumber(data.community.peopleHelped),
    },
    {
      icon: Home,
      label: t('dashboards.impact.families'),
      value: formatNumber(data.community.familiesSupported),
    },
    { icon: Heart, label: t('dashboards.impact.recipients'), value: formatNumber(data.community.recipients) },
    {
      icon: Leaf,
      label: t('dashboards.impact.ordersCompleted'),
      value: formatNumber(data.community.ordersCompleted),
    },
  ]
  return (
    <div className="space-y-6">
      <Panel title={t('handover.outcomes.yours')}>
        <OutcomeCards figures={data.outcomes} />
      </Panel>
      <Panel title={t('dashboards.impact.environment')}>
        <div className="grid gap-3 sm:grid-cols-3">
          {environment.map((card) => (
            <StatCard key={card.label} {...card} />
          ))}
        </div>
      </Panel>
      <Panel title={t('dashboards.impact.community')}>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {community.map((card) => (
            <StatCard key={card.label} {...card} />
          ))}
        </div>
        <p className="mt-3 text-xs text-gray-500">{t('dashboards.impact.estimateNote')}</p>
      </Panel>
      <Panel title={t('dashboards.impact.monthly')}>
        <ul className="space-y-3">
          {data.monthly.map((m) => {
            const label = formatDate(`${m.month}-15T00:00:00+05:30`, { month: 'long', year: 'numeric' })
            return (
              <li key={m.month}>
                <div className="mb-1 flex flex-wrap justify-between gap-2 text-sm">
                  <span className="font-medium text-gray-800">{label}</span>
                  <span className="text-gray-600">
                    {t('dashboards.impact.monthLine', {
                      count: m.donations,
                      donations: formatNumber(m.donations),
                      meals: formatNumber(m.meals),
                    })}
                  </span>
                </div>
                <div
                  role="progressbar"
                  aria-label={label}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={m.percent}
                  className="h-2.5 overflow-hidden rounded-full bg-gray-100"
                >
                  <div className="h-full rounded-full bg-brand-600" style={{ width: `${m.percent}%` }} />
                </div>
              </li>
            )
          })}
        </ul>
      </Panel>
    </div>
  )
}
