import { useDeferredValue } from 'react'
import { useTranslation } from '../../lib/translation'
import { useImpact } from './api'
import { CallToAction } from './CallToAction'
import { EnvironmentSection, SocialSection, VolunteersSection } from './FigureSections'
import { GrowthSection } from './GrowthSection'
import { HeadlineFigures } from './HeadlineFigures'
import { ImpactTop } from './ImpactTop'
import { OutcomesSection } from './OutcomesSection'

export function ImpactPage() {
  const { t } = useTranslation()
  const impact = useImpact()
  // Built in a transition, in slices, not in the task in which the query tells of its data
  // (docs/decisions/0043-react-and-wouter.md).
  const data = useDeferredValue(impact.data)

  return (
    <ImpactTop>
      {data === undefined && !impact.isError ? (
        <p role="status" className="py-8 text-center text-gray-600">
          {t('impact.loading')}
        </p>
      ) : !data ? (
        // A failed load gets a short note: kinder than an empty page.
        <p className="py-8 text-center text-gray-600">{t('impact.unavailable')}</p>
      ) : (
        <div className="space-y-12">
          <HeadlineFigures headline={data.headline} />
          <EnvironmentSection environmental={data.environmental} />
          <SocialSection social={data.social} />
          <OutcomesSection outcomes={data.outcomes} />
          <GrowthSection growth={data.growth} />
          <VolunteersSection volunteers={data.volunteers} />
          <CallToAction />
        </div>
      )}
    </ImpactTop>
  )
}
