import { Dialog } from '../../components/ui/Dialog'
import { Button } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'

/** "Not collected" said once more: the order cannot be reopened (NotCollectedButton.tsx opens it). */
export function NotCollectedDialog({
  name,
  onClose,
  onConfirm,
}: {
  name: string
  onClose: () => void
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.notCollected.title')}
      description={t('orders.notCollected.message', { name })}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('orders.notCollected.keep')}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onClose()
            onConfirm()
          }}
        >
          {t('orders.notCollected.confirm')}
        </Button>
      </div>
    </Dialog>
  )
}
