import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function AuthPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.auth.title')} subtitle={t('common.pages.auth.subtitle')} />
    </PageContainer>
  )
}
