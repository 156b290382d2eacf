import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function TermsPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.terms.title')} subtitle={t('common.pages.terms.subtitle')} />
    </PageContainer>
  )
}
