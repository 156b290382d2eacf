import { describe, expect, it } from 'vitest'
import { mapLinks } from './map-links'

describe('mapLinks', () => {
  it('searches for the town and district when the street is not shown', () => {
    expect(mapLinks({ city: 'Nallur', district: 'Jaffna' })).toEqual({
      geo: 'geo:0,0?q=Nallur%2C%20Jaffna%2C%20Sri%20Lanka',
      osm: 'https://www.openstreetmap.org/search?query=Nallur%2C%20Jaffna%2C%20Sri%20Lanka',
    })
  })
  it('searches for the street once it is shown, in any script', () => {
    const { geo } = mapLinks({ address: '12 ගාලු පාර', city: 'Dehiwala', district: 'Colombo' })
    expect(decodeURIComponent(geo)).toBe('geo:0,0?q=12 ගාලු පාර, Dehiwala, Colombo, Sri Lanka')
  })
  it('names a stored point', () => {
    expect(mapLinks({ city: 'Galle', district: 'Galle', point: { lat: 6.0329, lng: 80.2168 } })).toEqual({
      geo: 'geo:6.0329,80.2168',
      osm: 'https://www.openstreetmap.org/?mlat=6.0329&mlon=80.2168#map=17/6.0329/80.2168',
    })
  })
  it('names an approximate point as an area, without a marker on a door', () => {
    const place = {
      city: 'Galle',
      district: 'Galle',
      point: { lat: 6.03225, lng: 80.21925 },
      approximate: true,
    }
    expect(mapLinks(place)).toEqual({
      geo: 'geo:6.03225,80.21925;u=500',
      osm: 'https://www.openstreetmap.org/#map=15/6.03225/80.21925',
    })
  })
})
