import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'wouter'
import { buttonClass } from '../../components/ui/form'
import { PageContainer } from '../../components/ui/PageHeader'
import { useDocumentTitle } from '../../lib/document-title'
import { useTranslation } from '../../lib/translation'

/** Where "Delete my account" ends, signed out (docs/decisions/0039-own-data.md). */
export function AccountDeletedPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('profile.deleted.title'))
  const queryClient = useQueryClient()
  // Signed out: nothing cached may outlive the account; the session is asked for again (now none).
  useEffect(() => {
    void queryClient.resetQueries()
  }, [queryClient])
  return (
    <PageContainer narrow>
      <div className="space-y-4 rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm">
        <CheckCircle className="mx-auto size-12 text-brand-700" aria-hidden />
        <h1 className="text-2xl font-bold text-gray-900">{t('profile.deleted.title')}</h1>
        <p className="text-gray-700">{t('profile.deleted.text')}</p>
        <Link to="/" className={buttonClass('primary')}>
          {t('profile.deleted.home')}
        </Link>
      </div>
    </PageContainer>
  )
}
