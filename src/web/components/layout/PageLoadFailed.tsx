import { useDocumentTitle } from '../../lib/document-title'
import { useTranslation } from '../../lib/translation'
import { Button } from '../ui/Button'
import { PageContainer } from '../ui/PageHeader'

/** Shown in place of a page whose code could not be fetched: offline before it was ever opened, say. */
export function PageLoadFailed() {
  const { t } = useTranslation()
  useDocumentTitle(t('common.pageLoadFailed.title'))
  return (
    <PageContainer narrow>
      <div role="alert" className="py-16 text-center">
        <h1 className="text-2xl font-bold">{t('common.pageLoadFailed.title')}</h1>
        <p className="mt-2 text-gray-600">{t('common.pageLoadFailed.message')}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t('common.pageLoadFailed.tryAgain')}
        </Button>
      </div>
    </PageContainer>
  )
}
