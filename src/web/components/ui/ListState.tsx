import type { ReactNode } from 'react'
import { useTranslation } from '../../lib/translation'

type ListQuery = { isError: boolean; isPending: boolean; refetch: () => unknown }

/** A list's states in one place: could not load (with Try again), loading, empty, or the list. */
export function ListState({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery
  isEmpty: boolean
  empty: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />
  if (query.isPending) return <p className="text-sm text-gray-600">{t('common.loading')}</p>
  if (isEmpty) return <p className="rounded-md bg-gray-50 p-4 text-center text-sm text-gray-600">{empty}</p>
  return <>{children}</>
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
        className="min-h-11 rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-60"
      >
        {loading ? t('common.loading') : t('community.loadMore')}
      </button>
    </div>
  )
}
