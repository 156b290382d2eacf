import { Dialog } from './Dialog'
import { Button } from './form'

/** An action said once more before it is done (one that cannot be undone): keep, or confirm. */
export function ConfirmDialog({
  title,
  message,
  keepLabel,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  title: string
  message: string
  keepLabel: string
  confirmLabel: string
  onClose: () => void
  onConfirm: () => void
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={message}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {keepLabel}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onClose()
            onConfirm()
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
