import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function ContactPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.contact.title')} subtitle={t('common.pages.contact.subtitle')} />
    </PageContainer>
  )
}
