import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function PrivacyPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.privacy.title')} subtitle={t('common.pages.privacy.subtitle')} />
    </PageContainer>
  )
}
