import { Check } from 'lucide-react'
import { useTranslation } from '../../lib/translation'
import { DONATE_STEPS } from './donation'

/**
 * The wizard's steps in order: done ones ticked, the current one marked for screen readers. On a
 * phone a quarter of the width cannot hold a Sinhala or Tamil step name without breaking a word, so
 * there the names are for screen readers only and the step's heading below names the current one.
 */
export function StepIndicator({ current }: { current: number }) {
  const { t } = useTranslation()
  return (
    <ol className="mb-6 grid grid-cols-4 gap-2" aria-label={t('donate.steps.label')}>
      {DONATE_STEPS.map((name, index) => (
        <li
          key={name}
          aria-current={index === current ? 'step' : undefined}
          className={`flex min-w-0 flex-col items-center gap-1 text-center text-sm font-medium ${index === current ? 'text-brand-800' : 'text-gray-600'}`}
        >
          <span
            className={`flex size-8 items-center justify-center rounded-full border-2 ${index < current ? 'border-brand-700 bg-brand-700 text-white' : index === current ? 'border-brand-700 text-brand-800' : 'border-gray-300'}`}
          >
            {index < current ? <Check className="size-4" aria-hidden /> : index + 1}
          </span>
          <span className="sr-only sm:not-sr-only">{t(`donate.steps.${name}`)}</span>
        </li>
      ))}
    </ol>
  )
}
