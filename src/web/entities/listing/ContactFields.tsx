import { choiceRow, TextField } from '../../components/ui/form'
import { usePhoneParser } from '../../lib/phone-parser'
import { useTranslation } from '../../lib/translation'
import type { ListingForm } from './ListingFields'

/**
 * How recipients may reach the donor: phone and/or e-mail, each ticked with its value. Recipients
 * see them, with the street address, only once the donor approves their order.
 */
export function DonorContactFields({ form }: { form: ListingForm }) {
  usePhoneParser()
  const { t } = useTranslation()
  const { register, watch } = form
  const { errors } = form.formState
  const [sharePhone, shareEmail] = watch(['sharePhone', 'shareEmail'])
  return (
    <fieldset className="space-y-3 rounded-md border border-gray-200 p-4">
      {/* Floated inside the box: a legend that wraps (Sinhala, at 360 px) would otherwise cross the border. */}
      <legend className="float-left w-full text-sm font-semibold text-gray-900">
        {t('listings.contact.legend')}
      </legend>
      <p className="clear-left text-xs text-gray-600">{t('listings.contact.hint')}</p>
      <label className={choiceRow}>
        <input type="checkbox" {...register('sharePhone')} className="size-5 shrink-0 accent-brand-700" />
        {t('listings.contact.sharePhone')}
      </label>
      {sharePhone && (
        <TextField
          label={t('listings.contact.phone')}
          error={errors.contactPhone}
          required
          type="tel"
          autoComplete="tel"
          {...register('contactPhone')}
        />
      )}
      <label className={choiceRow}>
        <input type="checkbox" {...register('shareEmail')} className="size-5 shrink-0 accent-brand-700" />
        {t('listings.contact.shareEmail')}
      </label>
      {shareEmail && (
        <TextField
          label={t('listings.contact.email')}
          error={errors.contactEmail}
          required
          type="email"
          autoComplete="email"
          {...register('contactEmail')}
        />
      )}
    </fieldset>
  )
}
