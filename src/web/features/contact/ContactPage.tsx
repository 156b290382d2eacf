import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { useTranslation } from '../../lib/translation'
import { ContactForm } from './ContactForm'
import { Emergency } from './Emergency'
import { Office, SupportChannels } from './SupportChannels'

export function ContactPage() {
  const { t } = useTranslation()
  return (
    <PageContainer>
      <PageHeader title={t('common.pages.contact.title')} subtitle={t('common.pages.contact.subtitle')} />
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ContactForm />
        </div>
        <aside className="space-y-6" aria-label={t('contact.channels.title')}>
          <SupportChannels />
          <Office />
          <Emergency />
        </aside>
      </div>
    </PageContainer>
  )
}
