import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function ProfilePage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.profile.title')} subtitle={t('common.pages.profile.subtitle')} />
    </PageContainer>
  )
}
