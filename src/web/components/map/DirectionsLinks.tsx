import { MapPin } from 'lucide-react'
import { mapLinks, type Place } from '../../../shared/map-links'

const link =
  'inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-medium text-brand-700 underline hover:bg-brand-50'

/**
 * Directions to a place, in the words of the page that shows them (an order's, a map's): the phone's
 * maps app (geo:) and OpenStreetMap in a new tab. Apart from the map: the order page shows them
 * beside the address, with or without a map.
 */
export function DirectionsLinks({
  place,
  appLabel,
  osmLabel,
}: {
  place: Place
  appLabel: string
  osmLabel: string
}) {
  const links = mapLinks(place)
  return (
    <>
      <a href={links.geo} className={link}>
        <MapPin className="size-4" aria-hidden />
        {appLabel}
      </a>
      <a href={links.osm} target="_blank" rel="noopener noreferrer" className={link}>
        {osmLabel}
      </a>
    </>
  )
}
