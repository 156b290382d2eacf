import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function DonatePage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.donate.title')} subtitle={t('common.pages.donate.subtitle')} />
    </PageContainer>
  )
}
