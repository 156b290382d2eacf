import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** A dialog (Radix) with a title and a close button; the content scrolls on small screens. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-lg flex-col rounded-lg bg-white shadow-xl sm:inset-x-4 sm:top-10 sm:bottom-auto sm:max-h-[85vh]"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-gray-600">{description}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              className="rounded-md p-1 text-gray-500 hover:bg-gray-100"
              aria-label={t('community.close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** A profile photo, or the first letter of the name ('U' without a name). */
export function Avatar({
  name,
  url,
  size = 'md',
}: {
  name: string | null | undefined
  url: string | null | undefined
  size?: 'sm' | 'md' | 'lg'
}) {
  const box = size === 'sm' ? 'size-8 text-sm' : size === 'lg' ? 'size-16 text-2xl' : 'size-10 text-base'
  if (url) return <img src={url} alt="" className={`${box} shrink-0 rounded-full object-cover`} />
  const initial = name?.trim().charAt(0).toUpperCase() || 'U'
  return (
    <span
      aria-hidden
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}
    >
      {initial}
    </span>
  )
}

export function LoadMore({
  hasMore,
  loading,
  onClick,
}: {
  hasMore: boolean
  loading: boolean
  onClick: () => void
}) {
  const { t } = useTranslation()
  if (!hasMore) return null
  return (
    <div className="mt-6 text-center">
      <button
        type="button"
        onClick={onClick}
        disabled={loading}
        className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-60"
      >
        {loading ? t('common.loading') : t('community.loadMore')}
      </button>
    </div>
  )
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
      {t('community.loadError')}{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        {t('community.retry')}
      </button>
    </div>
  )
}

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60'
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-60'
