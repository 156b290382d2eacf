import { X } from 'lucide-react'
import { Dialog as RadixDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { useTranslation } from '../../lib/translation'

type DialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  children: ReactNode
  /** false for a step the user must finish (no close button, no outside click). */
  dismissible?: boolean
  size?: 'md' | 'lg'
}

/** A modal dialog: focus trapped, Escape closes, scrolls on small screens. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissible = true,
  size = 'md',
}: DialogProps) {
  const { t } = useTranslation()
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (dismissible || next) && onOpenChange(next)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          onPointerDownOutside={(event) => !dismissible && event.preventDefault()}
          onEscapeKeyDown={(event) => !dismissible && event.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl ${
            size === 'lg' ? 'max-w-2xl' : 'max-w-md'
          }`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <RadixDialog.Title className="break-words text-lg font-bold text-gray-900">
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-gray-600">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            {dismissible && <DialogCloseButton label={t('forms.close')} />}
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/** The X that closes a dialog; label names it for screen readers. */
export function DialogCloseButton({ label }: { label: string }) {
  return (
    <RadixDialog.Close
      className="-mr-2 -mt-2 flex size-11 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100"
      aria-label={label}
    >
      <X className="size-5" aria-hidden />
    </RadixDialog.Close>
  )
}
