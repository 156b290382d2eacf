import { useState } from 'react'
import type { Impact } from '../../../shared/schemas/stats'
import {
  DistrictTileMap,
  OutcomeCards,
  OutcomeTable,
  outcomeMonth,
} from '../../entities/outcomes/OutcomeFigures'
import { districtName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'
import { ImpactSection } from './Figures'

/** What happened to the food offered: the five outcome figures, by district on a tile map and by month. */
export function OutcomesSection({ outcomes }: { outcomes: Impact['outcomes'] }) {
  const { t } = useTranslation()
  // The 25 districts' table is a fifth of the page's elements: built when the reader opens it, not on
  // every first visit (docs/decisions/0065-light-on-the-cheapest-phone.md).
  const [tableOpen, setTableOpen] = useState(false)
  return (
    <ImpactSection id="outcomes" heading={t('handover.outcomes.heading')}>
      <p className="mb-4 text-gray-700">{t('handover.outcomes.intro')}</p>
      <OutcomeCards figures={outcomes.overall} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="mb-3 font-semibold text-gray-900">{t('handover.outcomes.byDistrict')}</h3>
          <DistrictTileMap byDistrict={outcomes.byDistrict} />
        </div>
        <div className="min-w-0">
          <h3 className="mb-3 font-semibold text-gray-900">{t('handover.outcomes.byMonth')}</h3>
          <OutcomeTable
            caption={t('handover.outcomes.month')}
            rows={outcomes.byMonth.map((m) => ({ label: outcomeMonth(m.month), figures: m }))}
          />
        </div>
      </div>
      <details className="mt-4" onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700">
          {t('handover.outcomes.districtTable')}
        </summary>
        {tableOpen && (
          <OutcomeTable
            caption={t('handover.outcomes.district')}
            rows={outcomes.byDistrict.map((d) => ({ label: districtName(t, d.district), figures: d }))}
          />
        )}
      </details>
    </ImpactSection>
  )
}
