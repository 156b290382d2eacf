import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function HomePage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.home.title')} subtitle={t('common.pages.home.subtitle')} />
    </PageContainer>
  )
}
