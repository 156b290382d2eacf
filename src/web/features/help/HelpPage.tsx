import { useTranslation } from 'react-i18next'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'

export function HelpPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.help.title')} subtitle={t('common.pages.help.subtitle')} />
    </PageContainer>
  )
}
