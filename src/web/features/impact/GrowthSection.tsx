import type { Impact } from '../../../shared/schemas/stats'
import { formatDate, formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { ImpactSection } from './Figures'
import { GrowthChart } from './GrowthChart'

const monthLabel = (month: string) => formatDate(`${month}-15T00:00:00Z`, { month: 'short', year: '2-digit' })

/** Meals and waste prevented per month: the chart, and the same figures as a table for screen readers. */
export function GrowthSection({ growth }: { growth: Impact['growth'] }) {
  const { t } = useTranslation()
  return (
    <ImpactSection id="growth" heading={t('impact.growth.heading')}>
      <div className="h-72 rounded-lg border border-gray-200 bg-white p-3" data-testid="growth-chart">
        <GrowthChart data={growth} monthLabel={monthLabel} />
      </div>
      {/* A table ignores the 1 px width of sr-only: the wrapper clips it, or the page scrolls sideways. */}
      <div className="sr-only">
        <table>
          <caption>{t('impact.growth.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('impact.growth.month')}</th>
              <th scope="col">{t('impact.growth.meals')}</th>
              <th scope="col">{t('impact.growth.waste')}</th>
            </tr>
          </thead>
          <tbody>
            {growth.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{formatNumber(m.meals)}</td>
                <td>{formatNumber(m.wasteKg)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ImpactSection>
  )
}
