import { lazy, Suspense, useState } from 'react'
import type { Banner } from '../../../components/ui/Banner'
import { smallButton } from '../../../components/ui/form'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'

/** The confirmation (and the dialog's code) is fetched at the click: the tables show the button. */
const ConfirmDialog = lazy(() =>
  import('../../../components/ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
)

/** The banners after a recipient cancels a pending claim, request or delivery. */
export function useCancelResult(onResult: (banner: Banner) => void) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return {
    onSuccess: () => onResult({ tone: 'success', text: t('dashboards.recipient.cancelled') }),
    onError: (error: unknown) =>
      onResult({ tone: 'error', text: `${t('dashboards.recipient.cancelFailed')} ${errorText(error)}` }),
  }
}

/** Cancel, after a confirmation: a tap by mistake would give the portions or the delivery away. */
export function CancelButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  const { t } = useTranslation()
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => setConfirming(true)}
        className={`${smallButton} border border-red-300 text-red-700 hover:bg-red-50`}
      >
        {busy ? t('dashboards.claims.processing') : t('dashboards.recipient.cancel')}
      </button>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('dashboards.recipient.confirmCancel.title')}
            message={t('dashboards.recipient.confirmCancel.message')}
            keepLabel={t('dashboards.recipient.confirmCancel.keep')}
            confirmLabel={t('dashboards.recipient.confirmCancel.confirm')}
            onClose={() => setConfirming(false)}
            onConfirm={onClick}
          />
        </Suspense>
      )}
    </>
  )
}
