import { Minus, Plus } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from '../../lib/translation'

/**
 * A number of servings between 1 and max, with big buttons for thumbs. `available`: the listing's
 * servings left, when the person's own cap (max) is lower: the text then says theirs.
 */
export function QuantityStepper({
  value,
  max,
  available = max,
  onChange,
  label,
  error,
}: {
  value: number
  max: number
  available?: number
  onChange: (value: number) => void
  label: string
  error?: string
}) {
  const { t } = useTranslation()
  const id = useId()
  const clamp = (n: number) => Math.min(Math.max(1, Math.round(n) || 1), Math.max(1, max))
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => onChange(clamp(value - 1))}
          disabled={value <= 1}
          aria-label={t('orders.fewer')}
          className="flex size-11 shrink-0 items-center justify-center rounded-md border border-gray-300 disabled:opacity-40"
        >
          <Minus className="size-4" aria-hidden />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(event) => onChange(clamp(Number(event.target.value)))}
          aria-invalid={error ? true : undefined}
          className="h-11 w-20 rounded-md border border-gray-300 px-3 py-2 text-center text-base"
        />
        <button
          type="button"
          onClick={() => onChange(clamp(value + 1))}
          disabled={value >= max}
          aria-label={t('orders.more')}
          className="flex size-11 shrink-0 items-center justify-center rounded-md border border-gray-300 disabled:opacity-40"
        >
          <Plus className="size-4" aria-hidden />
        </button>
        <span className="text-sm text-gray-600">
          {max < available ? t('orders.upToForYou', { max, available }) : t('orders.ofAvailable', { max })}
        </span>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  )
}
