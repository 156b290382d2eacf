import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function CommunityPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.community.title')} subtitle={t('common.pages.community.subtitle')} />
    </PageContainer>
  )
}
