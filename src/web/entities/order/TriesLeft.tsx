import { ApiError } from '../../lib/api'
import { useTranslation } from '../../lib/translation'

/** The wrong codes left before the lock, from a refused pickup code (the 400's `params.triesLeft`). */
export function triesLeftOf(error: unknown): number | null {
  const left = error instanceof ApiError ? error.params?.triesLeft : undefined
  return typeof left === 'number' ? left : null
}

/** "3 tries left before the code is locked for 15 minutes", under the code field (docs/decisions/0047-pickup-codes.md). */
export function TriesLeft({ left }: { left: number | null }) {
  const { t } = useTranslation()
  if (left === null) return null
  return (
    <p role="status" className="text-sm font-medium text-red-700">
      {left > 0 ? t('handover.errors.triesLeft', { count: left }) : t('handover.errors.noTriesLeft')}
    </p>
  )
}
