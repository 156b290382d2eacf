import { Dialog } from '../../../components/ui/Dialog'
import { Button } from '../../../components/ui/form'
import { useTranslation } from '../../../lib/translation'

/** Cancelling said once more (cancel.tsx opens it). */
export function CancelDialog({ onClose, onConfirm }: { onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('dashboards.recipient.confirmCancel.title')}
      description={t('dashboards.recipient.confirmCancel.message')}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('dashboards.recipient.confirmCancel.keep')}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onClose()
            onConfirm()
          }}
        >
          {t('dashboards.recipient.confirmCancel.confirm')}
        </Button>
      </div>
    </Dialog>
  )
}
