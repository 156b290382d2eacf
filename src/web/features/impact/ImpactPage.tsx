import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function ImpactPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.impact.title')} subtitle={t('common.pages.impact.subtitle')} />
    </PageContainer>
  )
}
