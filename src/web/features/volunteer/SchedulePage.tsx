import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function SchedulePage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.schedule.title')} subtitle={t('common.pages.schedule.subtitle')} />
    </PageContainer>
  )
}
