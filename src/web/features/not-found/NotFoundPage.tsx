import { type LinkButton, LinkButtons, linkButtonPrimary } from '../../components/ui/LinkButtons'
import { PageContainer } from '../../components/ui/PageHeader'
import { useDocumentTitle } from '../../lib/document-title'
import { useTranslation } from '../../lib/translation'

const outlined = 'rounded-md border border-gray-300 px-4 py-2 font-semibold hover:bg-gray-50'

/** A page that is not there; a listing's page names what is missing with its own title and message. */
export function NotFoundPage({
  titleKey = 'common.notFound.title',
  messageKey = 'common.notFound.message',
}: {
  titleKey?: string
  messageKey?: string
}) {
  const { t } = useTranslation()
  useDocumentTitle(t(titleKey))
  const links: LinkButton[] = [
    { to: '/', label: t('common.notFound.home'), className: linkButtonPrimary },
    { to: '/find-food', label: t('common.nav.findFood'), className: outlined },
  ]
  return (
    <PageContainer narrow>
      <div className="py-16 text-center">
        <p className="text-6xl font-bold text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-bold">{t(titleKey)}</h1>
        <p className="mt-2 text-gray-600">{t(messageKey)}</p>
        <LinkButtons className="mt-6 flex justify-center gap-3" links={links} />
      </div>
    </PageContainer>
  )
}
