import { describe, expect, it } from 'vitest'
import { bestName, districtByNearest } from '../../../../scripts/gazetteer-names.mjs'
import { DISTRICTS } from '../../../shared/districts'
import siDistricts from '../../../shared/locales/si/districts.json'
import taDistricts from '../../../shared/locales/ta/districts.json'
import gazetteer from './gazetteer.json'
import { findPlaces } from './place-search'

const byId = (id: string) => gazetteer.find((p) => p.id === id)

describe('the gazetteer built from GeoNames (scripts/build-gazetteer.mjs)', () => {
  it('has each district capital once, in its own district, with the app’s own Sinhala and Tamil names', () => {
    const capitals = gazetteer.filter((p) => p.capital)
    expect(capitals.map((p) => p.district).sort()).toEqual(DISTRICTS.map((d) => d.name))
    for (const capital of capitals) {
      const district = capital.district as keyof typeof siDistricts
      expect(capital.si, capital.en).toBe(siDistricts[district])
      expect(capital.ta, capital.en).toBe(taDistricts[district])
    }
  })

  it('gives every place a district, and a Sinhala or Tamil name only in that script', () => {
    for (const place of gazetteer) {
      expect(
        DISTRICTS.some((d) => d.name === place.district),
        place.en,
      ).toBe(true)
      if (place.si) expect(place.si, place.en).toMatch(/^(?:[\u0D80-\u0DFF -]|\u200D)+$/u)
      if (place.ta) expect(place.ta, place.en).toMatch(/^[\u0B80-\u0BFF -]+$/u)
    }
  })

  it('finds a village in English, Sinhala and Tamil (Sigiriya: GeoNames’ names, once English only)', () => {
    for (const q of ['sigiriya', 'සීගිරිය', 'சிகிரியா']) {
      expect(findPlaces(q)[0], q).toMatchObject({
        id: 'sigiriya',
        names: { en: 'Sigiriya', si: 'සීගිරිය', ta: 'சிகிரியா' },
        district: 'Matale',
      })
    }
  })

  it('keeps the places GeoNames gives no district code, once left out (Katunayaka)', () => {
    expect(findPlaces('katunayaka')[0]).toMatchObject({ id: 'katunayaka', district: 'Gampaha' })
    expect(byId('padaviya-divisional-secretariat')?.district).toBe('Anuradhapura')
  })

  it('puts the town before the village among names that match alike (Tangalle, then Talawakele and Talpe)', () => {
    expect(
      findPlaces('ta')
        .map((p) => p.id)
        .slice(0, 3),
    ).toEqual(['tangalle', 'talawakele', 'talpe'])
  })
})

describe('bestName', () => {
  it('takes a name wholly in the script, with its vowel signs, not a description or a legacy-font order', () => {
    expect(bestName(['Colombo', 'කොළඹ', 'ෙකාළඹ', 'கொழும்பு'], 'si')).toBe('කොළඹ')
    expect(bestName(['වතතල', 'වත්තල'], 'si')).toBe('වත්තල')
    expect(bestName(['කුරුණෑගල නගරය', 'කරණෑගල නගරය'], 'si')).toBeNull()
    expect(bestName(['හංවැලල බලකොටව'], 'si')).toBeNull()
    expect(bestName(['Kandy', 'Kandi'], 'ta')).toBeNull()
    expect(bestName(['சிகிரியா', 'சிங்ககிரி'], 'ta')).toBe('சிகிரியா')
  })
})

describe('districtByNearest, for a place GeoNames gives no district', () => {
  const known = gazetteer.map((p) => ({ ...p, admin1: '' }))
  const ruled = (id: string) => {
    const place = byId(id)!
    return districtByNearest(
      place,
      known.filter((p) => p.id !== id),
    )
  }

  it('names the district of known villages, each asked without itself', () => {
    for (const id of [
      'sigiriya',
      'unawatuna',
      'haputale',
      'mihintale',
      'talawakele',
      'hikkaduwa',
      'katunayaka',
    ]) {
      expect(ruled(id), id).toBe(byId(id)!.district)
    }
  })

  it('keeps to the province GeoNames names', () => {
    const point = { lat: 7.3, lng: 80.45 }
    const places = [
      { lat: 7.3, lng: 80.44, admin1: '33', district: 'Kegalle' },
      { lat: 7.3, lng: 80.6, admin1: '29', district: 'Kandy' },
    ]
    expect(districtByNearest({ ...point, admin1: '29' }, places)).toBe('Kandy')
    expect(districtByNearest(point, places)).toBe('Kegalle')
  })
})
