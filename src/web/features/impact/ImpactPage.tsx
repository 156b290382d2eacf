import { useDeferredValue } from 'react'
import { useItemsArrivedLater, useScrolledNear } from '../../components/ui/RenderLater'
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
  // Two screens hold the headline and the environment; the five sections after them are two thirds
  // of the page's elements. A first visit builds them when the reader scrolls near; figures that were
  // in the cache when the page mounted (coming back) are built at once, to restore the scroll
  // position (docs/decisions/0065-light-on-the-cheapest-phone.md, last addendum).
  const arrivedLater = useItemsArrivedLater(impact.data !== undefined)
  const [restMark, scrolledNear] = useScrolledNear()

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
          {arrivedLater && !scrolledNear ? (
            <div ref={restMark} className="h-px" />
          ) : (
            <>
              <SocialSection social={data.social} />
              <OutcomesSection outcomes={data.outcomes} />
              <GrowthSection growth={data.growth} />
              <VolunteersSection volunteers={data.volunteers} />
              <CallToAction />
            </>
          )}
        </div>
      )}
    </ImpactTop>
  )
}
