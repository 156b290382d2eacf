import { useTranslation } from 'react-i18next'
import type { Banner } from '../../../components/ui/Banner'
import { smallButton } from '../../../components/ui/form'
import { useErrorText } from '../../../lib/use-error-text'

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

export function CancelButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      disabled={busy}
      onClick={onClick}
      className={`${smallButton} border border-red-300 text-red-700 hover:bg-red-50`}
    >
      {busy ? t('dashboards.claims.processing') : t('dashboards.recipient.cancel')}
    </button>
  )
}
