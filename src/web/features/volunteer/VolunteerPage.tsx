import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function VolunteerPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.volunteer.title')} subtitle={t('common.pages.volunteer.subtitle')} />
    </PageContainer>
  )
}
