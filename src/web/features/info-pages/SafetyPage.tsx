import { Ban, Clock, Flame, Snowflake, TriangleAlert } from 'lucide-react'
import { Link } from 'wouter'
import { useTranslation } from '../../lib/translation'
import { useTextList } from '../../lib/use-text-list'
import { InfoPage, type InfoPageSection } from './InfoPage'

/** Spec part 2 section 9: the cold and hot limits, the danger zone and the time rules. */
const KEY_FACTS = [
  {
    icon: Snowflake,
    value: 'info-pages.safety.keyFacts.coldValue',
    label: 'info-pages.safety.keyFacts.coldLabel',
    tone: 'border-sky-200 bg-sky-50 text-sky-900',
  },
  {
    icon: Flame,
    value: 'info-pages.safety.keyFacts.hotValue',
    label: 'info-pages.safety.keyFacts.hotLabel',
    tone: 'border-orange-200 bg-orange-50 text-orange-900',
  },
  {
    icon: TriangleAlert,
    value: 'info-pages.safety.keyFacts.dangerValue',
    label: 'info-pages.safety.keyFacts.dangerLabel',
    tone: 'border-red-200 bg-red-50 text-red-900',
  },
  {
    icon: Clock,
    value: 'info-pages.safety.keyFacts.timeValue',
    label: 'info-pages.safety.keyFacts.timeLabel',
    tone: 'border-amber-200 bg-amber-50 text-amber-900',
  },
]

const RULE_SECTIONS: InfoPageSection[] = [
  { id: 'freshness', title: 'info-pages.safety.freshness.title', items: 'info-pages.safety.freshness.items' },
  {
    id: 'temperature',
    title: 'info-pages.safety.temperature.title',
    items: 'info-pages.safety.temperature.items',
  },
  { id: 'hygiene', title: 'info-pages.safety.hygiene.title', items: 'info-pages.safety.hygiene.items' },
  { id: 'labeling', title: 'info-pages.safety.labeling.title', items: 'info-pages.safety.labeling.items' },
]

export function SafetyPage() {
  const { t } = useTranslation()
  const list = useTextList()
  const keyFacts = (
    <ul className="grid gap-3 sm:grid-cols-2">
      {KEY_FACTS.map((fact) => (
        <li key={fact.value} className={`flex gap-3 rounded-lg border p-4 ${fact.tone}`}>
          <fact.icon className="mt-1 size-6 shrink-0" aria-hidden />
          <div>
            <p className="text-xl font-bold">{t(fact.value)}</p>
            <p className="mt-1 text-sm">{t(fact.label)}</p>
          </div>
        </li>
      ))}
    </ul>
  )
  const allergens = (
    <>
      <p>{t('info-pages.safety.allergens.intro')}</p>
      <ol className="grid gap-2 sm:grid-cols-2">
        {list('info-pages.safety.allergens.items').map((item, index) => (
          <li key={index} className="flex gap-3 rounded-md border border-gray-200 p-3">
            <span
              aria-hidden
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
            >
              {index + 1}
            </span>
            <span>{item}</span>
          </li>
        ))}
      </ol>
    </>
  )
  const notAccepted = (
    <>
      <p>{t('info-pages.safety.notAccepted.intro')}</p>
      <ul className="space-y-2">
        {list('info-pages.safety.notAccepted.items').map((item, index) => (
          <li key={index} className="flex gap-3">
            <Ban className="mt-1 size-5 shrink-0 text-red-700" aria-hidden />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </>
  )
  const report = (
    <>
      <p>{t('info-pages.safety.report.text')}</p>
      <Link
        to="/contact?category=food-safety"
        className="inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {t('info-pages.safety.report.action')}
      </Link>
    </>
  )
  return (
    <InfoPage
      title={t('common.pages.safety.title')}
      subtitle={t('common.pages.safety.subtitle')}
      intro={t('info-pages.safety.intro')}
      sections={[
        { id: 'key-facts', title: 'info-pages.safety.keyFacts.title', content: keyFacts },
        ...RULE_SECTIONS,
        { id: 'allergens', title: 'info-pages.safety.allergens.title', content: allergens },
        { id: 'not-accepted', title: 'info-pages.safety.notAccepted.title', content: notAccepted },
        { id: 'report', title: 'info-pages.safety.report.title', content: report },
      ]}
    />
  )
}
