import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function VolunteerDashboardPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader
        title={t('common.pages.volunteerDashboard.title')}
        subtitle={t('common.pages.volunteerDashboard.subtitle')}
      />
    </PageContainer>
  )
}
