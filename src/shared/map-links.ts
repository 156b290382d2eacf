/**
 * Directions to a pickup place: a `geo:` URI (a phone's own maps app) and an OpenStreetMap link.
 * With a stored point they name it; without one (no listing stores a point yet) they search for
 * the place by its words, as precise as what is shown: the street when the address is visible,
 * else the town and district (issue 39, item 6).
 */
export type Place = {
  address?: string | null
  city: string
  district: string
  point?: { lat: number; lon: number } | null
}

export function placeQuery(place: Place): string {
  return [place.address, place.city, place.district, 'Sri Lanka'].filter(Boolean).join(', ')
}

export function mapLinks(place: Place): { geo: string; osm: string } {
  if (place.point) {
    const { lat, lon } = place.point
    return {
      geo: `geo:${lat},${lon}`,
      osm: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`,
    }
  }
  const query = encodeURIComponent(placeQuery(place))
  return {
    // RFC 5870 with the query Android's maps apps read: "search for this place".
    geo: `geo:0,0?q=${query}`,
    osm: `https://www.openstreetmap.org/search?query=${query}`,
  }
}
