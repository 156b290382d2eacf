import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function RecipientDashboardPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader
        title={t('common.pages.recipientDashboard.title')}
        subtitle={t('common.pages.recipientDashboard.subtitle')}
      />
    </PageContainer>
  )
}
