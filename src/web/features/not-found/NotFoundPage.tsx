import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageContainer } from '../../components/ui/PageHeader'

export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <PageContainer narrow>
      <div className="py-16 text-center">
        <p className="text-6xl font-bold text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-bold">{t('common.notFound.title')}</h1>
        <p className="mt-2 text-gray-600">{t('common.notFound.message')}</p>
        <div className="mt-6 flex justify-center gap-3">
          <Link
            to="/"
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t('common.notFound.home')}
          </Link>
          <Link
            to="/find-food"
            className="rounded-md border border-gray-300 px-4 py-2 font-semibold hover:bg-gray-50"
          >
            {t('common.nav.findFood')}
          </Link>
        </div>
      </div>
    </PageContainer>
  )
}
