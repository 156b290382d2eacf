import { Alert } from '../../../components/ui/form'
import { confirmationQueue } from '../../../entities/order/pickup-queue'
import { ApiError } from '../../../lib/api'
import { useQueued } from '../../../lib/offline-queue'
import { useMe } from '../../../lib/session'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'

/** Confirmations typed without a connection: how many wait, and any the server refused. */
export function QueuedConfirmations() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const me = useMe()
  const queued = useQueued(confirmationQueue, me.data?.id)
  const waiting = queued.filter((entry) => !entry.refusal).length
  return (
    <>
      {waiting > 0 && <Alert tone="info">{t('handover.waiting', { count: waiting })}</Alert>}
      {queued
        .filter((entry) => entry.refusal)
        .map((entry) => (
          <Alert key={entry.id} tone="error">
            {t('handover.refused', {
              title: entry.title,
              reason: errorText(new ApiError(400, { code: 'refused', ...entry.refusal! })),
            })}{' '}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => confirmationQueue.dismiss(entry)}
            >
              {t('handover.dismiss')}
            </button>
          </Alert>
        ))}
    </>
  )
}
