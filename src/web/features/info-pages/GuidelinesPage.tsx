import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function GuidelinesPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader
        title={t('common.pages.guidelines.title')}
        subtitle={t('common.pages.guidelines.subtitle')}
      />
    </PageContainer>
  )
}
