import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { useState } from 'react'
import { Controller, type FieldPath, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isDistrictName } from '../../../shared/districts'
import { can } from '../../../shared/policy'
import { SAFETY_CHECKS } from '../../../shared/reference-data'
import {
  type Category,
  type CreateListingInput,
  createListingSchema,
  DONATE_STEP_FIELDS,
} from '../../../shared/schemas/listings'
import type { Me } from '../../../shared/schemas/users'
import { PageLoading } from '../../components/layout/AppLayout'
import { Alert } from '../../components/ui/form'
import { PageContainer, PageHeader } from '../../components/ui/PageHeader'
import { ApiError } from '../../lib/api'
import { formatLkr } from '../../lib/format'
import { useMe } from '../../lib/session'
import { useErrorText } from '../../lib/use-error-text'
import { createListing, HOME_KEY, LISTINGS_KEY, useCategories } from '../listings/api'
import { ImagePicker, thumbnailUrl } from '../listings/ImagePicker'
import { FoodDetailsFields, type ListingForm, PickupFields } from '../listings/ListingFields'
import { categoryName, districtName } from '../listings/labels'

const STEPS = ['details', 'pickup', 'safety', 'review'] as const

function emptyDonation(me: Me): CreateListingInput {
  return {
    title: '',
    categoryId: '',
    description: '',
    quantity: undefined as unknown as number,
    type: 'free',
    price: undefined,
    imageUrls: [],
    allergens: [],
    preparationNotes: '',
    pickupAddress: '',
    pickupCity: '',
    pickupDistrict: (me.district && isDistrictName(me.district)
      ? me.district
      : '') as CreateListingInput['pickupDistrict'],
    pickupPostalCode: '',
    pickupDate: '',
    pickupTimeStart: '',
    expiryDate: '',
    expiryTime: '',
    deliveryRequested: false,
    safetyChecklist: {
      freshness: false,
      properStorage: false,
      hygieneStandards: false,
      labelingComplete: false,
    } as unknown as CreateListingInput['safetyChecklist'],
  }
}

/** Donate: the four-step wizard for donors; everyone else learns how to become one. */
export function DonatePage() {
  const { t } = useTranslation()
  const me = useMe()
  return (
    <PageContainer narrow>
      <PageHeader title={t('common.pages.donate.title')} subtitle={t('common.pages.donate.subtitle')} />
      {me.isPending ? (
        <PageLoading />
      ) : me.data && can(me.data, 'listing.create') ? (
        <DonateWizard me={me.data} />
      ) : (
        <BecomeDonor me={me.data ?? null} />
      )}
    </PageContainer>
  )
}

function BecomeDonor({ me }: { me: Me | null }) {
  const { t } = useTranslation()
  return (
    <section className="rounded-lg border border-brand-100 bg-brand-50 p-6">
      <h2 className="text-xl font-semibold text-gray-900">{t('donate.becomeDonor.title')}</h2>
      {me ? (
        <>
          <p className="mt-2 text-gray-800">
            {me.role
              ? t('donate.becomeDonor.otherRole', { role: t(`donate.roles.${me.role}`) })
              : t('donate.becomeDonor.noRole')}
          </p>
          <p className="mt-2 text-gray-800">{t('donate.becomeDonor.support')}</p>
          <Link
            to={me.role ? '/contact' : '/auth'}
            className="mt-4 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {me.role ? t('donate.becomeDonor.contact') : t('donate.becomeDonor.finishSignUp')}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-gray-800">{t('donate.becomeDonor.signedOut')}</p>
          <Link
            to="/auth"
            className="mt-4 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t('donate.becomeDonor.signIn')}
          </Link>
        </>
      )}
    </section>
  )
}

function DonateWizard({ me }: { me: Me }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const categories = useCategories()
  const [step, setStep] = useState(0)
  const [submitted, setSubmitted] = useState(false)
  const form = useForm<CreateListingInput>({
    resolver: zodResolver(createListingSchema),
    defaultValues: emptyDonation(me),
  })
  const listingForm = form as unknown as ListingForm

  const mutation = useMutation({
    mutationFn: createListing,
    onSuccess: () => {
      setSubmitted(true)
      form.reset(emptyDonation(me))
      setStep(0)
      void queryClient.invalidateQueries({ queryKey: LISTINGS_KEY })
      void queryClient.invalidateQueries({ queryKey: HOME_KEY })
    },
    onError: (error) => {
      // The server repeats every check: put its field messages back on their step.
      if (error instanceof ApiError && error.fields) {
        const fields = Object.keys(error.fields)
        for (const [path, detail] of Object.entries(error.fields)) {
          form.setError(path as FieldPath<CreateListingInput>, { message: detail.key })
        }
        const failing = DONATE_STEP_FIELDS.findIndex((names) =>
          fields.some((f) => (names as readonly string[]).includes(f.split('.')[0]!)),
        )
        if (failing >= 0) setStep(failing)
      }
    },
  })

  async function next() {
    setSubmitted(false)
    const fields = DONATE_STEP_FIELDS[step]
    if (fields && !(await form.trigger([...fields]))) return
    setStep((s) => Math.min(s + 1, STEPS.length - 1))
  }

  async function submit() {
    setSubmitted(false)
    // Re-check steps 1 to 3 and go back to the first one that fails.
    for (const [index, fields] of DONATE_STEP_FIELDS.entries()) {
      if (!(await form.trigger([...fields]))) {
        setStep(index)
        return
      }
    }
    await form.handleSubmit((values) => mutation.mutate(values))()
  }

  const errors = form.formState.errors
  return (
    <div>
      <ol className="mb-6 grid grid-cols-4 gap-2" aria-label={t('donate.steps.label')}>
        {STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === step ? 'step' : undefined}
            className={`flex flex-col items-center gap-1 text-center text-xs font-medium sm:text-sm ${index === step ? 'text-brand-800' : 'text-gray-600'}`}
          >
            <span
              className={`flex size-8 items-center justify-center rounded-full border-2 ${index < step ? 'border-brand-700 bg-brand-700 text-white' : index === step ? 'border-brand-700 text-brand-800' : 'border-gray-300'}`}
            >
              {index < step ? <Check className="size-4" aria-hidden /> : index + 1}
            </span>
            {t(`donate.steps.${name}`)}
          </li>
        ))}
      </ol>

      {submitted && <Alert tone="success">{t('donate.success')}</Alert>}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void (step === STEPS.length - 1 ? submit() : next())
        }}
        className="mt-4 space-y-6 rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
      >
        <h2 className="text-xl font-semibold">{t(`donate.steps.${STEPS[step]}`)}</h2>
        {step === 0 && (
          <>
            <FoodDetailsFields form={listingForm} categories={categories.data ?? []} />
            <Controller
              control={form.control}
              name="imageUrls"
              render={({ field, fieldState }) => (
                <ImagePicker
                  label={t('listings.fields.images')}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  required
                />
              )}
            />
          </>
        )}
        {step === 1 && <PickupFields form={listingForm} />}
        {step === 2 && (
          <fieldset>
            <legend className="text-sm text-gray-700">{t('donate.safety.intro')}</legend>
            <div className="mt-3 space-y-3">
              {SAFETY_CHECKS.map((check) => (
                <label key={check} className="flex items-start gap-3 rounded-md border border-gray-200 p-3">
                  <input
                    type="checkbox"
                    {...form.register(`safetyChecklist.${check}`)}
                    className="mt-0.5 size-5 accent-brand-700"
                  />
                  <span>
                    <span className="block font-medium">{t(`donate.safety.${check}.title`)}</span>
                    <span className="block text-sm text-gray-600">{t(`donate.safety.${check}.detail`)}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.safetyChecklist && (
              <p className="mt-2 text-sm text-red-700" role="alert">
                {t('donate.errors.safetyRequired')}
              </p>
            )}
          </fieldset>
        )}
        {step === 3 && <Review values={form.getValues()} categories={categories.data ?? []} />}

        {mutation.isError && !(mutation.error instanceof ApiError && mutation.error.fields) && (
          <Alert tone="error">{t('donate.errors.submitFailed', { detail: errorText(mutation.error) })}</Alert>
        )}

        <div className="flex justify-between gap-2 border-t border-gray-100 pt-4">
          <button
            type="button"
            disabled={step === 0}
            onClick={() => setStep((s) => Math.max(0, s - 1))}
            className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-50"
          >
            {t('donate.previous')}
          </button>
          {step < STEPS.length - 1 ? (
            <button
              type="submit"
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t('donate.next')}
            </button>
          ) : (
            <button
              type="submit"
              disabled={mutation.isPending}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {mutation.isPending ? t('donate.submitting') : t('donate.submit')}
            </button>
          )}
        </div>
      </form>
    </div>
  )
}

function Review({ values, categories }: { values: CreateListingInput; categories: Category[] }) {
  const { t } = useTranslation()
  const category = categories.find((c) => c.id === values.categoryId)
  const rows: [string, string][] = [
    [t('listings.fields.title'), values.title],
    [t('listings.fields.category'), category ? categoryName(t, category) : ''],
    [t('listings.fields.description'), values.description],
    [t('listings.fields.quantity'), String(values.quantity ?? '')],
    [
      t('listings.fields.type'),
      values.type === 'half-price'
        ? `${t('listings.type.half-price')} · ${formatLkr(values.price ?? 0)}`
        : t('listings.type.free'),
    ],
    [
      t('listings.fields.allergens'),
      (values.allergens ?? []).map((a) => t(`allergens.${a}`)).join(', ') || '—',
    ],
    [
      t('listings.fields.pickupAddress'),
      [
        values.pickupAddress,
        values.pickupCity,
        values.pickupDistrict ? districtName(t, values.pickupDistrict) : '',
        values.pickupPostalCode,
      ]
        .filter(Boolean)
        .join(', '),
    ],
    [
      t('listings.fields.pickupDate'),
      [values.pickupDate, values.pickupTimeStart].filter(Boolean).join(' ') || '—',
    ],
    [t('listings.fields.expiry'), `${values.expiryDate} ${values.expiryTime}`],
    [
      t('listings.fields.deliveryRequested'),
      values.deliveryRequested ? t('donate.review.yes') : t('donate.review.no'),
    ],
  ]
  return (
    <div>
      <p className="text-sm text-gray-700">{t('donate.review.intro')}</p>
      <dl className="mt-3 divide-y divide-gray-100 rounded-md border border-gray-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-2 px-3 py-2 text-sm">
            <dt className="font-medium text-gray-700">{label}</dt>
            <dd className="col-span-2 whitespace-pre-line text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      {values.imageUrls.length > 0 && (
        <ul className="mt-3 flex gap-2">
          {values.imageUrls.map((url, index) => (
            <li key={url}>
              <img
                src={thumbnailUrl(url)}
                alt={t('listings.images.preview', { n: index + 1 })}
                className="size-20 rounded-md object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
