import { RefreshCw } from 'lucide-react'
import { reloadIntoNewVersion, useWaitingWorker } from '../../lib/service-worker'
import { useTranslation } from '../../lib/translation'
import { Button } from '../ui/Button'

/** 'Update available — reload': a new version of the app is installed and waits for the reader. */
export function UpdatePrompt() {
  const { t } = useTranslation()
  const waiting = useWaitingWorker()
  if (!waiting) return null
  return (
    <div role="status" className="fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div className="flex max-w-md items-center gap-3 rounded-lg bg-gray-900 py-2 pl-4 pr-2 text-white shadow-lg">
        <p className="text-sm font-medium">{t('common.update.available')}</p>
        <Button className="shrink-0" onClick={() => reloadIntoNewVersion(waiting)}>
          <RefreshCw className="size-4" aria-hidden />
          {t('common.update.reload')}
        </Button>
      </div>
    </div>
  )
}
