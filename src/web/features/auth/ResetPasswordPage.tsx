import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function ResetPasswordPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader
        title={t('common.pages.resetPassword.title')}
        subtitle={t('common.pages.resetPassword.subtitle')}
      />
    </PageContainer>
  )
}
