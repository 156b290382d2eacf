import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { PLACEHOLDER_IMAGE } from '../../../../shared/image-sizing'
import { LISTING_STATUSES, type ListingStatus } from '../../../../shared/reference-data'
import { updateListingSchema } from '../../../../shared/schemas/listing-input'
import type { Listing } from '../../../../shared/schemas/listings'
import { Dialog } from '../../../components/ui/Dialog'
import { Alert, Button, SelectField, TextField } from '../../../components/ui/form'
import { StatusBadge } from '../../../components/ui/StatusBadge'
import { fetchListing, isStaleEdit, updateListing } from '../../../entities/listing/api'
import { listingToForm } from '../../../entities/listing/EditListingDialog'
import { formatDate, formatLkr, formatNumber } from '../../../lib/format'
import { useTranslation } from '../../../lib/translation'
import { useErrorText } from '../../../lib/use-error-text'

/** Spec part 2 section 9: the editor closes about 1.2 s after a successful save. */
const CLOSE_AFTER_MS = 1200

/** View popup: image, title, quantity, status, type, pickup city, date. */
export function ViewDonationDialog({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const { t } = useTranslation()
  const row = (label: string, value: React.ReactNode) => (
    <div className="flex justify-between gap-4 border-b border-gray-100 py-2 text-sm">
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-right font-medium text-gray-900">{value}</dd>
    </div>
  )
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={listing.title}>
      <img
        src={listing.imageUrls[0] ?? PLACEHOLDER_IMAGE}
        alt={listing.title}
        className="mb-4 max-h-56 w-full rounded-md bg-gray-100 object-cover"
      />
      <dl>
        {row(
          t('dashboards.columns.quantity'),
          t('dashboards.servingsLeft', {
            count: listing.quantity,
            n: formatNumber(listing.quantity),
            total: formatNumber(listing.initialQuantity),
          }),
        )}
        {row(t('dashboards.columns.status'), <StatusBadge kind="listing" status={listing.status} />)}
        {row(
          t('dashboards.columns.type'),
          listing.type === 'half-price'
            ? `${t('listings.type.half-price')} · ${formatLkr(listing.price)}`
            : t('listings.type.free'),
        )}
        {row(t('dashboards.columns.pickupCity'), listing.pickupCity)}
        {row(t('dashboards.columns.date'), formatDate(listing.createdAt))}
      </dl>
    </Dialog>
  )
}

/**
 * Edit popup: title, quantity and status. PATCH /api/listings/:id takes every editable field, so the
 * listing's current values go with the changed ones.
 */
export function EditDonationDialog({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  // The listing the edit is based on: replaced by the current one when orders landed meanwhile.
  const [base, setBase] = useState(listing)
  const [title, setTitle] = useState(listing.title)
  const [quantity, setQuantity] = useState(String(listing.quantity))
  const [status, setStatus] = useState<ListingStatus>(listing.status)
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  useEffect(() => {
    if (!done) return
    const timer = setTimeout(onClose, CLOSE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [done, onClose])

  const mutation = useMutation({
    mutationFn: (body: ReturnType<typeof listingToForm> & { status: ListingStatus }) =>
      updateListing(listing.id, body),
    onSuccess: () => {
      setDone(true)
      refreshLists()
    },
    onError: async (error) => {
      if (!isStaleEdit(error)) {
        setFailure(`${t('dashboards.edit.failed')}${errorText(error)}`)
        return
      }
      setFailure(errorText(error))
      // Show the servings and status as they are now; the title typed stays.
      const fresh = await fetchListing(listing.id).catch(() => null)
      if (!fresh) return
      setBase(fresh)
      setQuantity(String(fresh.quantity))
      setStatus(fresh.status)
      refreshLists()
    },
  })

  function refreshLists() {
    void queryClient.invalidateQueries({
      predicate: (q) => ['listings', 'dashboard', 'home'].includes(String(q.queryKey[0])),
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    // The quantity is typed as free text ("12 packets"); its first whole number is the servings left.
    const servings = Number.parseInt(quantity.match(/\d+/)?.[0] ?? '', 10)
    const body = {
      ...listingToForm(base),
      title,
      quantity: Number.isNaN(servings) ? -1 : servings,
      status,
    }
    const parsed = updateListingSchema.safeParse(body)
    if (!parsed.success) {
      setFailure(`${t('dashboards.edit.failed')}${t(parsed.error.issues[0]?.message ?? 'errors.invalid')}`)
      return
    }
    mutation.mutate(body)
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('dashboards.edit.title')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={t('dashboards.edit.titleField')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          label={t('dashboards.edit.quantity')}
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
        <div>
          <SelectField
            label={t('dashboards.edit.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value as ListingStatus)}
          >
            {LISTING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.listing.${s}`)}
              </option>
            ))}
          </SelectField>
          <p className="mt-2 flex flex-wrap gap-1.5" aria-hidden>
            {LISTING_STATUSES.map((s) => (
              <span key={s} className={s === status ? '' : 'opacity-40'}>
                <StatusBadge kind="listing" status={s} />
              </span>
            ))}
          </p>
        </div>
        {failure && <Alert tone="error">{failure}</Alert>}
        {done && <Alert tone="success">{t('dashboards.edit.success')}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('dashboards.edit.cancel')}
          </Button>
          <Button type="submit" disabled={mutation.isPending || done}>
            {mutation.isPending ? t('dashboards.edit.saving') : t('dashboards.edit.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
