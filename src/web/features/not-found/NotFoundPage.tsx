import { useTranslation } from 'react-i18next'
import { type LinkButton, LinkButtons, linkButtonPrimary } from '../../components/ui/LinkButtons'
import { PageContainer } from '../../components/ui/PageHeader'

const outlined = 'rounded-md border border-gray-300 px-4 py-2 font-semibold hover:bg-gray-50'

export function NotFoundPage() {
  const { t } = useTranslation()
  const links: LinkButton[] = [
    { to: '/', label: t('common.notFound.home'), className: linkButtonPrimary },
    { to: '/find-food', label: t('common.nav.findFood'), className: outlined },
  ]
  return (
    <PageContainer narrow>
      <div className="py-16 text-center">
        <p className="text-6xl font-bold text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-bold">{t('common.notFound.title')}</h1>
        <p className="mt-2 text-gray-600">{t('common.notFound.message')}</p>
        <LinkButtons className="mt-6 flex justify-center gap-3" links={links} />
      </div>
    </PageContainer>
  )
}
