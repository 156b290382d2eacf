import type { Point } from './geo'

/**
 * Directions to a pickup place: a `geo:` URI (a phone's own maps app) and an OpenStreetMap link.
 * With a point they name it; without one (older listings) they search for the place by its words,
 * as precise as what is shown: the street when the address is visible, else the town and district
 * (issue 39, item 6).
 */
export type Place = {
  address?: string | null
  city: string
  district: string
  point?: Point | null
  /** The point is the public, ~500 m one (src/shared/geo.ts approxPoint), not the door. */
  approximate?: boolean
}

export function placeQuery(place: Place): string {
  return [place.address, place.city, place.district, 'Sri Lanka'].filter(Boolean).join(', ')
}

export function mapLinks(place: Place): { geo: string; osm: string } {
  if (place.point) {
    const { lat, lng } = place.point
    // RFC 5870's uncertainty in metres says the point is an area; OpenStreetMap shows the streets
    // around it rather than one door.
    if (place.approximate) {
      return {
        geo: `geo:${lat},${lng};u=500`,
        osm: `https://www.openstreetmap.org/#map=15/${lat}/${lng}`,
      }
    }
    return {
      geo: `geo:${lat},${lng}`,
      osm: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`,
    }
  }
  const query = encodeURIComponent(placeQuery(place))
  return {
    // RFC 5870 with the query Android's maps apps read: "search for this place".
    geo: `geo:0,0?q=${query}`,
    osm: `https://www.openstreetmap.org/search?query=${query}`,
  }
}
