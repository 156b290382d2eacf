import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function ForgotPasswordPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader
        title={t('common.pages.forgotPassword.title')}
        subtitle={t('common.pages.forgotPassword.subtitle')}
      />
    </PageContainer>
  )
}
