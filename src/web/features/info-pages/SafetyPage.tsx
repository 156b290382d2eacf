import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function SafetyPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.safety.title')} subtitle={t('common.pages.safety.subtitle')} />
    </PageContainer>
  )
}
