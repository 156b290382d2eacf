import { useTranslation } from 'react-i18next'
import { Panel } from '../../components/ui/Panel'

/**
 * Volunteers waiting for verification: their profile, phone, district and account age, to verify or
 * refuse with a reason (issue 15, item 4; built by the trust feature's work).
 */
export function VolunteersTab() {
  const { t } = useTranslation()
  return (
    <Panel title={t('moderation.tabs.volunteers')}>
      <p className="text-sm text-gray-700">{t('moderation.volunteers.intro')}</p>
    </Panel>
  )
}
