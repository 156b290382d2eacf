import { Eye, MapPin, Pencil } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { Listing } from '../../../../shared/schemas/listings'
import { smallButton } from '../../../components/ui/form'
import { PagedPanel } from '../../../components/ui/Panel'
import { PagedTable, td } from '../../../components/ui/ScrollTable'
import { StatusBadge } from '../../../components/ui/StatusBadge'
import { TitleAndDetail } from '../../../components/ui/TitleAndDetail'
import { ListingCover } from '../../../entities/listing/ListingCard'
import { formatDate, formatNumber } from '../../../lib/format'
import { loadedItems } from '../../../lib/paging'
import { useTranslation } from '../../../lib/translation'
import { useDonorListings } from '../api'

/** The view and edit dialogs, with the edit form's schema, are fetched on the first click. */
const ViewDonationDialog = lazy(() =>
  import('./DonationDialogs').then((m) => ({ default: m.ViewDonationDialog })),
)
const EditDonationDialog = lazy(() =>
  import('./DonationDialogs').then((m) => ({ default: m.EditDonationDialog })),
)

/** Active Donations: the donor's available listings, each with View and Edit. */
export function ActiveDonationsTab({ donorId }: { donorId: string }) {
  const { t } = useTranslation()
  const query = useDonorListings(donorId, 'available')
  const [viewing, setViewing] = useState<Listing | null>(null)
  const [editing, setEditing] = useState<Listing | null>(null)
  const items = loadedItems(query)
  // The dialogs stay open while the list reloads or empties after an edit.
  return (
    <>
      <PagedPanel
        title={t('dashboards.donor.tabs.active')}
        query={query}
        isEmpty={items.length === 0}
        empty={t('dashboards.donor.noActive')}
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((listing) => (
            <li key={listing.id} className="flex flex-col overflow-hidden rounded-lg border border-gray-200">
              <ListingCover listing={listing} className="h-36 w-full bg-gray-100 object-cover" />
              <div className="flex flex-1 flex-col gap-2 p-3">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="min-w-0 break-words font-semibold text-gray-900" data-user-content>
                    {listing.title}
                  </h3>
                  <StatusBadge kind="listing" status={listing.status} />
                </div>
                <p className="text-sm text-gray-600">
                  {t('dashboards.servingsLeft', {
                    count: listing.quantity,
                    n: formatNumber(listing.quantity),
                    total: formatNumber(listing.initialQuantity),
                  })}
                </p>
                <p className="flex items-center gap-1 text-sm text-gray-600">
                  <MapPin className="size-4 shrink-0" aria-hidden />
                  {listing.pickupCity}
                </p>
                <div className="mt-auto flex gap-2 pt-2">
                  <button
                    type="button"
                    onClick={() => setViewing(listing)}
                    className={`${smallButton} flex-auto border border-gray-300 text-gray-800 hover:bg-gray-50`}
                    aria-label={t('dashboards.donor.viewNamed', { title: listing.title })}
                  >
                    <Eye className="size-4" aria-hidden />
                    {t('dashboards.donor.view')}
                  </button>
                  <button
                    type="button"
                    onClick={() => setEditing(listing)}
                    className={`${smallButton} flex-auto bg-brand-700 text-white hover:bg-brand-800`}
                    aria-label={t('dashboards.donor.editNamed', { title: listing.title })}
                  >
                    <Pencil className="size-4" aria-hidden />
                    {t('dashboards.donor.edit')}
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </PagedPanel>
      <Suspense fallback={null}>
        {viewing && <ViewDonationDialog listing={viewing} onClose={() => setViewing(null)} />}
        {editing && <EditDonationDialog listing={editing} onClose={() => setEditing(null)} />}
      </Suspense>
    </>
  )
}

/** Donation History: every listing of the donor, newest first. */
export function DonationHistoryTab({ donorId }: { donorId: string }) {
  const { t } = useTranslation()
  const query = useDonorListings(donorId, 'all')
  const items = loadedItems(query).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return (
    <PagedTable
      title={t('dashboards.donor.tabs.history')}
      query={query}
      items={items}
      empty={t('dashboards.donor.noDonations')}
      columns={[
        t('dashboards.columns.foodItem'),
        t('dashboards.columns.quantity'),
        t('dashboards.columns.date'),
        t('dashboards.columns.status'),
        t('dashboards.columns.type'),
      ]}
      row={(listing) => (
        <tr key={listing.id}>
          <td className={td}>
            <div className="flex items-center gap-3">
              <ListingCover listing={listing} className="size-12 shrink-0 rounded bg-gray-100 object-cover" />
              <TitleAndDetail
                title={listing.title}
                detail={listing.pickupCity}
                titleClassName="font-medium text-gray-900"
                detailClassName="text-xs text-gray-600"
              />
            </div>
          </td>
          <td className={td}>
            {t('dashboards.servings', {
              count: listing.initialQuantity,
              n: formatNumber(listing.initialQuantity),
            })}
          </td>
          <td className={`${td} whitespace-nowrap`}>{formatDate(listing.createdAt)}</td>
          <td className={td}>
            <StatusBadge kind="listing" status={listing.status} />
          </td>
          <td className={td}>{t(`listings.type.${listing.type}`)}</td>
        </tr>
      )}
    />
  )
}
