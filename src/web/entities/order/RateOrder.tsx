import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Star } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { orderPath } from '../../../shared/orders'
import type { Order } from '../../../shared/schemas/orders'
import { MAX_RATING_COMMENT, type RateInput, rateInputSchema } from '../../../shared/schemas/ratings'
import { RadioChoices } from '../../components/ui/Choices'
import { Alert, SubmitButton, TextAreaField } from '../../components/ui/form'
import { api } from '../../lib/api'
import { formatNumber } from '../../lib/format'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'

const SCORES = [1, 2, 3, 4, 5] as const

/**
 * After an order completed, its donor rates the recipient and the recipient the donor, once each,
 * 1 to 5 with an optional comment (docs/decisions/0038-trust-ratings-fair-use.md).
 */
export function RateOrder({ order, isDonor }: { order: Order; isDonor: boolean }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [score, setScore] = useState<number | null>(null)
  const [comment, setComment] = useState('')
  const [problem, setProblem] = useState<string>()
  const given = isDonor ? order.ratings.byDonor : order.ratings.byRequester
  const mutation = useMutation({
    mutationFn: (input: RateInput) => api(`${orderPath(order.kind, order.id)}/rating`, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  })
  if (order.status !== 'completed') return null
  if (given !== null) {
    return (
      <p className="flex items-center gap-2 text-sm text-gray-700" data-rated={given}>
        <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
        {t('orders.rating.given', { score: formatNumber(given) })}
      </p>
    )
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = rateInputSchema.safeParse({ score: score ?? undefined, comment })
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]!.message)
      return
    }
    setProblem(undefined)
    mutation.mutate({ score: parsed.data.score, comment: parsed.data.comment ?? undefined })
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-gray-200 p-4"
      data-rate-order
    >
      <RadioChoices
        legend={isDonor ? t('orders.rating.rateRecipient') : t('orders.rating.rateDonor')}
        legendClassName="font-semibold text-gray-900"
        name="score"
        choices={SCORES.map((value) => ({
          value,
          label: t('orders.rating.score', { score: formatNumber(value) }),
        }))}
        value={score}
        onChange={setScore}
        layout="flex flex-wrap gap-x-4"
      />
      <TextAreaField
        label={t('orders.rating.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={MAX_RATING_COMMENT}
      />
      {problem && <Alert tone="error">{t(problem)}</Alert>}
      {mutation.isError && <Alert tone="error">{errorText(mutation.error)}</Alert>}
      <SubmitButton busy={mutation.isPending} busyLabel={t('orders.sending')}>
        {t('orders.rating.submit')}
      </SubmitButton>
    </form>
  )
}
