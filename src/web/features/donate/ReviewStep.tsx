import type { CreateListingInput } from '../../../shared/schemas/listing-input'
import type { Category } from '../../../shared/schemas/listings'
import { isDateText, isTimeText, sriLankaInstant } from '../../../shared/sri-lanka-time'
import { ClockEatBy } from '../../entities/listing/ClockEatBy'
import { thumbnailUrl } from '../../entities/listing/ImagePicker'
import { formatDate, formatLkr } from '../../lib/format'
import { categoryName, districtName } from '../../lib/labels'
import { useTranslation } from '../../lib/translation'

/** The last step: everything the donor entered, to check before posting. */
export function ReviewStep({ values, categories }: { values: CreateListingInput; categories: Category[] }) {
  const { t } = useTranslation()
  const category = categories.find((c) => c.id === values.categoryId)
  // Dates and times as the reader's language writes them, on the 24-hour clock used in Sri Lanka.
  const when = (date: string | undefined, time: string | undefined) =>
    date && isDateText(date) && time && isTimeText(time)
      ? formatDate(sriLankaInstant(date, time), { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })
      : [date, time].filter(Boolean).join(' ')
  const expiresAt =
    isDateText(values.expiryDate) && isTimeText(values.expiryTime)
      ? sriLankaInstant(values.expiryDate, values.expiryTime)
      : undefined
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
      t('listings.fields.dietary'),
      (values.dietary ?? []).map((d) => t(`listings.dietary.tags.${d}`)).join(', ') || '—',
    ],
    // The cooked-food clock, as asked; the server works out the eat-by time from it.
    ...(values.preparedAt && values.storage
      ? ([
          [t('listings.clock.preparedAt'), when(...(values.preparedAt.split('T') as [string, string]))],
          [t('listings.clock.storage'), t(`listings.clock.storageOptions.${values.storage}`)],
        ] as [string, string][])
      : []),
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
    [t('listings.fields.pickupDate'), when(values.pickupDate, values.pickupTimeStart) || '—'],
    [
      t('listings.contact.legend'),
      [values.sharePhone && values.contactPhone, values.shareEmail && values.contactEmail]
        .filter(Boolean)
        .join(', ') || t('listings.contact.none'),
    ],
    [t('listings.fields.expiry'), when(values.expiryDate, values.expiryTime)],
    [
      t('listings.fields.deliveryRequested'),
      values.deliveryRequested ? t('donate.review.yes') : t('donate.review.no'),
    ],
  ]
  return (
    <div>
      <p className="text-sm text-gray-700">{t('donate.review.intro')}</p>
      <ClockEatBy
        preparedAt={values.preparedAt}
        storage={values.storage}
        expiresAt={expiresAt}
        className="mt-3"
      />
      <dl className="mt-3 divide-y divide-gray-100 rounded-md border border-gray-200">
        {rows.map(([label, value]) => (
          // On a phone the label sits above its value: a long Sinhala or Tamil label needs the width.
          <div key={label} className="grid gap-0.5 px-3 py-2 text-sm sm:grid-cols-3 sm:gap-2">
            <dt className="min-w-0 break-words font-medium text-gray-700">{label}</dt>
            <dd className="min-w-0 whitespace-pre-line break-words text-gray-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      {values.imageUrls.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
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
