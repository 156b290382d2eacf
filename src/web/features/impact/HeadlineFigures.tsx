import { Building2, type LucideIcon, Recycle, TrendingDown, TrendingUp, Users, Utensils } from 'lucide-react'
import type { Impact } from '../../../shared/schemas/stats'
import { formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'

/** The four headline figures, each with its trend against last month. */
export function HeadlineFigures({ headline }: { headline: Impact['headline'] }) {
  const { t } = useTranslation()
  const cards: HeadlineCardProps[] = [
    { icon: Utensils, label: t('impact.headline.meals'), figure: headline.mealsShared },
    { icon: Users, label: t('impact.headline.members'), figure: headline.activeMembers },
    {
      icon: Recycle,
      label: t('impact.headline.waste'),
      figure: headline.wastePreventedKg,
      format: (value) => t('impact.kg', { value: formatNumber(value) }),
    },
    { icon: Building2, label: t('impact.headline.partners'), figure: headline.partnerBusinesses },
  ]
  return (
    <section aria-label={t('impact.headline.label')}>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <HeadlineCard key={card.label} {...card} />
        ))}
      </ul>
    </section>
  )
}

type HeadlineCardProps = {
  icon: LucideIcon
  label: string
  figure: { value: number; trend: number | null }
  format?: (value: number) => string
}

function HeadlineCard({ icon: Icon, label, figure, format = formatNumber }: HeadlineCardProps) {
  const { t } = useTranslation()
  const { trend } = figure
  const up = trend !== null && trend >= 0
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <Icon className="size-7 text-brand-700" aria-hidden />
      <p className="mt-3 text-3xl font-bold text-gray-900">{format(figure.value)}</p>
      <p className="text-sm font-medium text-gray-700">{label}</p>
      {trend !== null && (
        <p
          className={`mt-2 flex items-center gap-1 text-sm font-medium ${up ? 'text-brand-700' : 'text-red-700'}`}
        >
          {up ? (
            <TrendingUp className="size-4" aria-hidden />
          ) : (
            <TrendingDown className="size-4" aria-hidden />
          )}
          {t(up ? 'impact.trendUp' : 'impact.trendDown', { value: formatNumber(Math.abs(trend)) })}
        </p>
      )}
    </li>
  )
}
