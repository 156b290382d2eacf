import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function FindFoodPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.findFood.title')} subtitle={t('common.pages.findFood.subtitle')} />
    </PageContainer>
  )
}
