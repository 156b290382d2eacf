import { useTranslation } from '../../lib/translation'
import { InfoPage, type InfoPageSection, POLICIES_UPDATED } from './InfoPage'

const SECTIONS: InfoPageSection[] = [
  {
    id: 'eligibility',
    title: 'info-pages.terms.eligibility.title',
    items: 'info-pages.terms.eligibility.items',
  },
  { id: 'roles', title: 'info-pages.terms.roles.title', items: 'info-pages.terms.roles.items' },
  {
    id: 'food-safety',
    title: 'info-pages.terms.foodSafety.title',
    items: 'info-pages.terms.foodSafety.items',
  },
  { id: 'payments', title: 'info-pages.terms.payments.title', text: 'info-pages.terms.payments.text' },
  { id: 'liability', title: 'info-pages.terms.liability.title', items: 'info-pages.terms.liability.items' },
  {
    id: 'termination',
    title: 'info-pages.terms.termination.title',
    items: 'info-pages.terms.termination.items',
  },
  { id: 'changes', title: 'info-pages.terms.changes.title', text: 'info-pages.terms.changes.text' },
  { id: 'law', title: 'info-pages.terms.law.title', text: 'info-pages.terms.law.text' },
]

export function TermsPage() {
  const { t } = useTranslation()
  return (
    <InfoPage
      title={t('common.pages.terms.title')}
      subtitle={t('common.pages.terms.subtitle')}
      intro={t('info-pages.terms.intro')}
      updated={POLICIES_UPDATED}
      sections={SECTIONS}
    />
  )
}
