import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { preparedText } from '../../../shared/schemas/listing-clock'
import type { UpdateListingInput } from '../../../shared/schemas/listing-input'
import { updateListingSchema } from '../../../shared/schemas/listing-input'
import type { Listing } from '../../../shared/schemas/listings'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import { DialogCloseButton } from '../../components/ui/Dialog'
import { Alert, Button, SubmitButton } from '../../components/ui/form'
import { ApiError } from '../../lib/api'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { fetchListing, HOME_KEY, isStaleEdit, LISTINGS_KEY, updateListing, useCategories } from './api'
import { DonorContactFields } from './ContactFields'
import { FoodDetailsFields, type ListingForm } from './ListingFields'
import { ListingImagesField, UploadsRunning } from './ListingImages'
import { PickupFields } from './PickupFields'

const CLOSE_AFTER_MS = 1500

export function listingToForm(listing: Listing): UpdateListingInput {
  const expiry = sriLankaParts(listing.expiresAt)
  return {
    title: listing.title,
    categoryId: listing.category?.id ?? '',
    description: listing.description,
    quantity: listing.quantity,
    type: listing.type,
    price: listing.type === 'half-price' ? listing.price : undefined,
    allergens: listing.allergens,
    dietary: listing.dietary,
    preparationNotes: listing.preparationNotes ?? '',
    preparedAt: listing.preparedAt ? preparedText(listing.preparedAt) : '',
    storage: listing.storage ?? '',
    pickupAddress: listing.pickupAddress ?? '',
    pickupCity: listing.pickupCity,
    pickupDistrict: listing.pickupDistrict as UpdateListingInput['pickupDistrict'],
    pickupPostalCode: listing.pickupPostalCode ?? '',
    pickupPoint: listing.pickupPoint ?? undefined,
    pickupDate: listing.pickupDate ?? '',
    pickupTimeStart: listing.pickupTimeStart ?? '',
    expiryDate: expiry.date,
    expiryTime: expiry.time,
    deliveryRequested: listing.deliveryRequested,
    sharePhone: Boolean(listing.contactPhone),
    contactPhone: listing.contactPhone ?? '',
    shareEmail: Boolean(listing.contactEmail),
    contactEmail: listing.contactEmail ?? '',
    imageUrls: listing.imageUrls,
    version: listing.version,
  }
}

/** Edit Food Listing (the listing's donor only; the server checks it too). */
export function EditListingDialog({
  listing,
  open,
  onOpenChange,
}: {
  listing: Listing
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const categories = useCategories()
  const [done, setDone] = useState(false)
  // A photo still uploading is not in the form yet: saving waits for it.
  const [uploading, setUploading] = useState(false)
  const uploadsId = useId()
  const form = useForm<UpdateListingInput>({
    resolver: zodResolver(updateListingSchema),
    defaultValues: listingToForm(listing),
  })
  const { errors } = form.formState

  useEffect(() => {
    if (open) {
      form.reset(listingToForm(listing))
      setDone(false)
    }
  }, [open, listing, form])

  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => onOpenChange(false), CLOSE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [done, onOpenChange])

  const mutation = useMutation({
    mutationFn: (input: UpdateListingInput) => updateListing(listing.id, input),
    onSuccess: () => {
      setDone(true)
      void queryClient.invalidateQueries({ queryKey: LISTINGS_KEY })
      void queryClient.invalidateQueries({ queryKey: HOME_KEY })
    },
    onError: async (error) => {
      if (!isStaleEdit(error)) return
      // Orders changed the servings meanwhile: keep the donor's other edits, show the servings
      // left now and base the next save on the current version.
      const fresh = await fetchListing(listing.id).catch(() => null)
      if (!fresh) return
      form.setValue('quantity', fresh.quantity)
      form.setValue('version', fresh.version)
      void queryClient.invalidateQueries({ queryKey: LISTINGS_KEY })
    },
  })

  const firstError = Object.values(errors).find((e) => e && typeof e.message === 'string')?.message
  const failure = mutation.error
  const failureText =
    failure instanceof ApiError && failure.status === 401
      ? t('listings.errors.signInToEdit')
      : isStaleEdit(failure)
        ? errorText(failure)
        : failure
          ? `${t('listings.errors.updateFailed')}${failure instanceof ApiError && failure.status !== 500 && failure.status !== 0 ? ` ${errorText(failure)}` : ''}`
          : null

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-2xl flex-col overflow-hidden rounded-lg bg-white shadow-xl sm:inset-x-4">
          <div className="flex items-center justify-between border-b border-gray-200 px-5 py-3">
            <Dialog.Title className="text-lg font-semibold">{t('listings.edit.title')}</Dialog.Title>
            <DialogCloseButton label={t('listings.edit.close')} />
          </div>
          <Dialog.Description className="sr-only">{t('listings.edit.description')}</Dialog.Description>
          <form
            noValidate
            className="flex min-h-0 flex-1 flex-col"
            onSubmit={(event) => {
              if (uploading) event.preventDefault()
              else void form.handleSubmit((values) => mutation.mutate(values))(event)
            }}
          >
            <div className="flex-1 space-y-6 overflow-y-auto px-5 py-4">
              {firstError && <Alert tone="error">{t(firstError)}</Alert>}
              <FoodDetailsFields form={form as unknown as ListingForm} categories={categories.data ?? []} />
              <ListingImagesField form={form as unknown as ListingForm} onUploadingChange={setUploading} />
              <PickupFields form={form as unknown as ListingForm} />
              <DonorContactFields form={form as unknown as ListingForm} />
            </div>
            <div className="space-y-3 border-t border-gray-200 px-5 py-3">
              {done && <Alert tone="success">{t('listings.edit.success')}</Alert>}
              {failureText && <Alert tone="error">{failureText}</Alert>}
              <div>
                <div className="flex justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button variant="secondary">{t('listings.edit.cancel')}</Button>
                  </Dialog.Close>
                  <SubmitButton
                    busy={mutation.isPending}
                    busyLabel={t('listings.edit.saving')}
                    disabled={done || uploading}
                    aria-describedby={uploading ? uploadsId : undefined}
                  >
                    {t('listings.edit.save')}
                  </SubmitButton>
                </div>
                <UploadsRunning id={uploadsId} uploading={uploading} />
              </div>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
