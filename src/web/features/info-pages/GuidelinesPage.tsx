import { Link } from 'wouter'
import { useTranslation } from '../../lib/translation'
import { InfoPage, type InfoPageSection } from './InfoPage'

const ROLE_SECTIONS: InfoPageSection[] = [
  { id: 'donors', title: 'info-pages.guidelines.donors.title', items: 'info-pages.guidelines.donors.items' },
  {
    id: 'recipients',
    title: 'info-pages.guidelines.recipients.title',
    items: 'info-pages.guidelines.recipients.items',
  },
  {
    id: 'volunteers',
    title: 'info-pages.guidelines.volunteers.title',
    items: 'info-pages.guidelines.volunteers.items',
  },
  {
    id: 'prohibited',
    title: 'info-pages.guidelines.prohibited.title',
    items: 'info-pages.guidelines.prohibited.items',
  },
]

/** The enforcement steps, mildest first. */
const ENFORCEMENT_STEPS = [
  {
    title: 'info-pages.guidelines.enforcement.warningTitle',
    text: 'info-pages.guidelines.enforcement.warningText',
  },
  {
    title: 'info-pages.guidelines.enforcement.suspensionTitle',
    text: 'info-pages.guidelines.enforcement.suspensionText',
  },
  { title: 'info-pages.guidelines.enforcement.banTitle', text: 'info-pages.guidelines.enforcement.banText' },
]

export function GuidelinesPage() {
  const { t } = useTranslation()
  const enforcement = (
    <>
      <p>{t('info-pages.guidelines.enforcement.intro')}</p>
      <ol className="grid gap-3 sm:grid-cols-3">
        {ENFORCEMENT_STEPS.map((step, index) => (
          <li
            key={step.title}
            className={`rounded-lg border p-4 ${['border-amber-300 bg-amber-50', 'border-orange-300 bg-orange-50', 'border-red-300 bg-red-50'][index]}`}
          >
            <h3 className="font-semibold text-gray-900">{t(step.title)}</h3>
            <p className="mt-1 text-sm">{t(step.text)}</p>
          </li>
        ))}
      </ol>
      <p>
        {t('info-pages.guidelines.enforcement.appeal')}{' '}
        <Link to="/contact" className="font-medium text-brand-800 underline underline-offset-2">
          {t('common.footer.contact')}
        </Link>
      </p>
    </>
  )
  return (
    <InfoPage
      title={t('common.pages.guidelines.title')}
      subtitle={t('common.pages.guidelines.subtitle')}
      intro={t('info-pages.guidelines.intro')}
      sections={[
        ...ROLE_SECTIONS,
        { id: 'enforcement', title: 'info-pages.guidelines.enforcement.title', content: enforcement },
      ]}
    />
  )
}
