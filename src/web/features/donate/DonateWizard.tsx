import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'wouter'
import {
  type CreateListingInput,
  createListingSchema,
  DONATE_STEP_FIELDS,
} from '../../../shared/schemas/listing-input'
import type { Listing } from '../../../shared/schemas/listings'
import type { Me } from '../../../shared/schemas/users'
import { Alert, Button, buttonClass, choiceRow, SubmitButton } from '../../components/ui/form'
import { createListing, HOME_KEY, LISTINGS_KEY, useCategories } from '../../entities/listing/api'
import { DonorContactFields } from '../../entities/listing/ContactFields'
import { FoodDetailsFields, type ListingForm } from '../../entities/listing/ListingFields'
import { ListingImagesField, UploadsRunning } from '../../entities/listing/ListingImages'
import { PickupFields } from '../../entities/listing/PickupFields'
import { SafetyChecks } from '../../entities/listing/SafetyChecks'
import { applyServerFieldErrors, hasServerFieldErrors } from '../../lib/form-errors'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { useFixClearsError } from '../../lib/use-fix-clears-error'
import { DONATE_STEPS, emptyDonation } from './donation'
import { ReviewStep } from './ReviewStep'
import { StepIndicator } from './StepIndicator'

/** The donor's four steps to a new listing; the server's field errors take the donor back to their step. */
export function DonateWizard({ me }: { me: Me }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const categories = useCategories()
  const [step, setStep] = useState(0)
  // The listing just posted: the page shows it instead of an empty first step (a second post by mistake).
  const [posted, setPosted] = useState<Listing | null>(null)
  // A photo still uploading is not in the form yet: Next waits for it instead of calling it missing.
  const [uploading, setUploading] = useState(false)
  const uploadsId = useId()
  const form = useForm<CreateListingInput>({
    resolver: zodResolver(createListingSchema),
    defaultValues: emptyDonation(me),
  })
  const listingForm = form as unknown as ListingForm
  useFixClearsError(form)

  const mutation = useMutation({
    mutationFn: createListing,
    onSuccess: (listing) => {
      setPosted(listing)
      form.reset(emptyDonation(me))
      setStep(0)
      void queryClient.invalidateQueries({ queryKey: LISTINGS_KEY })
      void queryClient.invalidateQueries({ queryKey: HOME_KEY })
    },
    onError: (error) => {
      // The server repeats every check: put its field messages back on their step.
      if (!hasServerFieldErrors(error)) return
      applyServerFieldErrors(error, form.setError)
      const fields = Object.keys(error.fields)
      const failing = DONATE_STEP_FIELDS.findIndex((names) =>
        fields.some((f) => (names as readonly string[]).includes(f.split('.')[0]!)),
      )
      if (failing >= 0) setStep(failing)
    },
  })

  async function next() {
    if (uploading) return
    const fields = DONATE_STEP_FIELDS[step]
    if (fields && !(await form.trigger([...fields], { shouldFocus: true }))) return
    setStep((s) => Math.min(s + 1, DONATE_STEPS.length - 1))
  }

  async function submit() {
    // Re-check steps 1 to 3 and go back to the first one that fails.
    for (const [index, fields] of DONATE_STEP_FIELDS.entries()) {
      if (!(await form.trigger([...fields]))) {
        setStep(index)
        // Its fields are on screen once the step shows: then the first wrong one gets focus.
        setTimeout(() => void form.trigger([...fields], { shouldFocus: true }))
        return
      }
    }
    await form.handleSubmit((values) => mutation.mutate(values))()
  }

  const errors = form.formState.errors
  if (posted) return <Posted listing={posted} onPostMore={() => setPosted(null)} />
  return (
    <div>
      <StepIndicator current={step} />

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void (step === DONATE_STEPS.length - 1 ? submit() : next())
        }}
        className="mt-4 min-w-0 space-y-6 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 className="text-xl font-semibold">{t(`donate.steps.${DONATE_STEPS[step]}`)}</h2>
        {step === 0 && (
          <>
            <FoodDetailsFields form={listingForm} categories={categories.data ?? []} />
            <ListingImagesField form={listingForm} required onUploadingChange={setUploading} />
          </>
        )}
        {step === 1 && (
          <>
            <PickupFields form={listingForm} />
            {form.watch('type') === 'free' && (
              // Large free food goes to verified homes and kitchens first (docs/decisions/0055-first-refusal.md).
              <label className={choiceRow}>
                <input
                  type="checkbox"
                  {...form.register('institutionsFirst')}
                  className="size-5 shrink-0 accent-brand-700"
                />
                {t('donate.institutionsFirst')}
              </label>
            )}
            <DonorContactFields form={listingForm} />
          </>
        )}
        {step === 2 && <SafetyChecks register={form.register} incomplete={Boolean(errors.safetyChecklist)} />}
        {step === 3 && <ReviewStep values={form.getValues()} categories={categories.data ?? []} />}

        {mutation.isError && !hasServerFieldErrors(mutation.error) && (
          <Alert tone="error">{t('donate.errors.submitFailed', { detail: errorText(mutation.error) })}</Alert>
        )}

        <div className="border-t border-gray-100 pt-4">
          <div className="flex flex-wrap justify-between gap-2">
            <Button
              variant="secondary"
              disabled={step === 0}
              onClick={() => setStep((s) => Math.max(0, s - 1))}
            >
              {t('donate.previous')}
            </Button>
            {step < DONATE_STEPS.length - 1 ? (
              <Button type="submit" disabled={uploading} aria-describedby={uploading ? uploadsId : undefined}>
                {t('donate.next')}
              </Button>
            ) : (
              <SubmitButton busy={mutation.isPending} busyLabel={t('donate.submitting')}>
                {t('donate.submit')}
              </SubmitButton>
            )}
          </div>
          <UploadsRunning id={uploadsId} uploading={uploading} />
        </div>
      </form>
    </div>
  )
}

/** The donor's confirmation, at the top of the page where the eye is, with where to go next. */
function Posted({ listing, onPostMore }: { listing: Listing; onPostMore: () => void }) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    window.scrollTo(0, 0)
    heading.current?.focus()
  }, [])
  return (
    <section className="space-y-4 rounded-lg border border-brand-200 bg-brand-50 p-4 sm:p-6" role="status">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-brand-900 outline-none">
        {t('donate.success')}
      </h2>
      <p className="text-gray-700">{t('donate.posted.next')}</p>
      <div className="flex flex-wrap gap-2">
        <Link to={`/listings/${listing.id}`} className={buttonClass('primary')}>
          {t('donate.posted.view')}
        </Link>
        <Link to="/dashboard/donor" className={buttonClass('secondary')}>
          {t('common.goToDashboard')}
        </Link>
        <Button variant="secondary" onClick={onPostMore}>
          {t('donate.posted.more')}
        </Button>
      </div>
    </section>
  )
}
