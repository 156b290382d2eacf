import { lazy, Suspense } from 'react'
import { loadPageNamespaces } from '../../lib/i18n'
import type { PlaceFieldProps } from './PlaceField'

export type { FoundTown, PlaceFieldProps } from './PlaceField'

// The picker's code and words come with the form that shows it (the donate wizard, a dialog, the
// profile), never with a first visit (docs/decisions/0073-setting-a-place.md).
const LazyPlaceField = lazy(() =>
  Promise.all([import('./PlaceField'), loadPageNamespaces('place-picker')]).then(([m]) => ({
    default: m.PlaceField,
  })),
)

/** The place picker of every form with a point: see PlaceField. */
export function PlaceField(props: PlaceFieldProps) {
  return (
    // The picker's height is kept while its code arrives, so the form below does not jump.
    <Suspense fallback={<div className="min-h-40 rounded-lg border border-gray-200" />}>
      <LazyPlaceField {...props} />
    </Suspense>
  )
}
