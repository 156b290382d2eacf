import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { type Me, type PhoneCodeInput, phoneCodeSchema } from '../../../shared/schemas/users'
import { Alert, Button, TextField } from '../../components/ui/form'
import { VerifiedNumber } from '../../components/ui/VerifiedNumber'
import { ME_QUERY_KEY } from '../../lib/session'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { profileApi } from './api'

/**
 * Verifying the profile's phone number (docs/decisions/0051-sms-over-smpp.md): a code by SMS, typed
 * on the phone's number pad; a verified number gets notices by SMS and may reply to act.
 */
export function PhoneVerification({ me }: { me: Me }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const send = useMutation({
    mutationFn: profileApi.sendPhoneCode,
  })
  const form = useForm<PhoneCodeInput, unknown, { code: string }>({
    resolver: zodResolver(phoneCodeSchema),
    defaultValues: { code: '' },
  })
  const confirm = useMutation({
    mutationFn: profileApi.confirmPhoneCode,
    onSuccess: (updated) => {
      queryClient.setQueryData(ME_QUERY_KEY, updated)
      send.reset()
      form.reset()
    },
  })

  return (
    <section id="phone" aria-labelledby="phone-title" className="space-y-3 border-t border-gray-200 p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="phone-title" className="text-lg font-semibold text-gray-900">
          {t('phone.verify.title')}
        </h2>
        {me.phoneVerified ? (
          <VerifiedNumber />
        ) : (
          me.phone && <span className="text-sm text-gray-600">{t('phone.verify.notVerified')}</span>
        )}
      </div>
      <p className="text-sm text-gray-600">{t('phone.verify.intro')}</p>
      {!me.phone && <p className="text-sm text-gray-800">{t('phone.verify.none')}</p>}
      {me.phoneVerified && me.smsStopped && <Alert tone="info">{t('phone.verify.stopped')}</Alert>}
      {confirm.isSuccess && me.phoneVerified && (
        <p aria-live="polite" className="text-sm text-brand-700">
          {t('phone.verify.confirmed')}
        </p>
      )}
      {me.phone && !me.phoneVerified && (
        <div className="space-y-3">
          <Button
            variant={send.isSuccess ? 'secondary' : 'primary'}
            disabled={send.isPending}
            onClick={() => send.mutate()}
          >
            {send.isPending
              ? t('phone.verify.sending')
              : send.isSuccess
                ? t('phone.verify.sendAgain')
                : t('phone.verify.send')}
          </Button>
          <div aria-live="polite">
            {send.isSuccess && <p className="text-sm text-gray-800">{t('phone.verify.sent', send.data)}</p>}
            {send.isError && <Alert tone="error">{errorText(send.error)}</Alert>}
          </div>
          {send.isSuccess && (
            <form
              noValidate
              className="flex flex-wrap items-end gap-2"
              onSubmit={form.handleSubmit((values) => confirm.mutate(values))}
            >
              <div className="w-40">
                <TextField
                  label={t('phone.verify.codeLabel')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9 ]*"
                  maxLength={7}
                  error={form.formState.errors.code?.message}
                  {...form.register('code')}
                />
              </div>
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? t('phone.verify.confirming') : t('phone.verify.confirm')}
              </Button>
            </form>
          )}
          {confirm.isError && <Alert tone="error">{errorText(confirm.error)}</Alert>}
        </div>
      )}
    </section>
  )
}
