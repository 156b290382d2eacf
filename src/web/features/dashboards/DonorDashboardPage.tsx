import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function DonorDashboardPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader
        title={t('common.pages.donorDashboard.title')}
        subtitle={t('common.pages.donorDashboard.subtitle')}
      />
    </PageContainer>
  )
}
