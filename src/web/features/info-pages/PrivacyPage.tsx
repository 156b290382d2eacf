import { useTranslation } from '../../lib/translation'
import { InfoPage, type InfoPageSection, POLICIES_UPDATED } from './InfoPage'

const SECTIONS: InfoPageSection[] = [
  { id: 'collect', title: 'info-pages.privacy.collect.title', items: 'info-pages.privacy.collect.items' },
  { id: 'use', title: 'info-pages.privacy.use.title', items: 'info-pages.privacy.use.items' },
  { id: 'sharing', title: 'info-pages.privacy.sharing.title', items: 'info-pages.privacy.sharing.items' },
  {
    id: 'retention',
    title: 'info-pages.privacy.retention.title',
    items: 'info-pages.privacy.retention.items',
  },
  {
    id: 'own-data',
    title: 'info-pages.privacy.ownData.title',
    items: 'info-pages.privacy.ownData.items',
  },
  {
    id: 'rights',
    title: 'info-pages.privacy.rights.title',
    items: 'info-pages.privacy.rights.items',
    text: 'info-pages.privacy.rights.howTo',
  },
  { id: 'children', title: 'info-pages.privacy.children.title', text: 'info-pages.privacy.children.text' },
  { id: 'changes', title: 'info-pages.privacy.changes.title', text: 'info-pages.privacy.changes.text' },
]

export function PrivacyPage() {
  const { t } = useTranslation()
  return (
    <InfoPage
      title={t('common.pages.privacy.title')}
      subtitle={t('common.pages.privacy.subtitle')}
      intro={t('info-pages.privacy.intro')}
      updated={POLICIES_UPDATED}
      sections={SECTIONS}
    />
  )
}
