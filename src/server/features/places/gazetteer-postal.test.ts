import { describe, expect, it } from 'vitest'
import { fixName, isSamePlace, newPlaces, parsePostal } from '../../../../scripts/gazetteer-postal.mjs'
import { DISTRICT_NAMES } from '../../../shared/districts'
import gazetteer from './gazetteer.json'
import { findNearestPlace, findPlaces } from './place-search'

const named = (en: string) => gazetteer.filter((p) => p.en === en)

describe('the villages from GeoNames’ postal codes (scripts/gazetteer-postal.mjs)', () => {
  it('finds a village the towns lacked, in its district at its point (Habarana)', () => {
    expect(findPlaces('habarana')[0]).toEqual({
      id: 'habarana',
      names: { en: 'Habarana', si: null, ta: null },
      district: 'Anuradhapura',
      point: { lat: 8.0363, lng: 80.7467 },
    })
    expect(findPlaces('ipologama')[0]?.names.en).toBe('Ipologama')
  })

  it('reads a word’s first "l" as the "I" the source’s OCR took it for', () => {
    expect(fixName('lhala Halmillewa')).toBe('Ihala Halmillewa')
    expect(fixName('lllukkumbura')).toBe('Illukkumbura')
    expect(fixName('Slave lsland')).toBe('Slave Island')
    expect(fixName('Walpola (WP)')).toBe('Walpola')
    expect(fixName('Beligala(Sab)')).toBe('Beligala')
    expect(fixName('RU/Ridiyagama')).toBe('Ridiyagama')
    expect(fixName('Devinuwara (Dondra)')).toBe('Devinuwara (Dondra)')
    expect(named('Ihala Halmillewa')).toHaveLength(1)
    expect(gazetteer.filter((p) => /(^|\s)l/.test(p.en)).map((p) => p.en)).toEqual([])
  })

  it('adds no place twice: a town keeps its entry, and its other spellings and parts add none', () => {
    expect(named('Kandy')).toHaveLength(1)
    expect(findPlaces('kandy').filter((p) => p.names.en === 'Kandy')).toHaveLength(1)
    for (const twin of [
      'Dehiwala',
      'Mount Lavinia',
      'Tangalla',
      'Katunayake',
      'Ja-Ela',
      'Ella',
      'Mullativu',
    ]) {
      expect(named(twin), twin).toEqual([])
    }
    // Two villages of one name in two districts are two places, the town keeping its id.
    expect(named('Wattegama').map((p) => [p.id, p.district])).toEqual([
      ['wattegama-kandy', 'Kandy'],
      ['wattegama', 'Monaragala'],
    ])
    expect(new Set(gazetteer.map((p) => p.id)).size).toBe(gazetteer.length)
  })

  it('counts a place the same by its name in its district, or by its words within 3 km only', () => {
    const town = { en: 'Pannala', district: 'Kurunegala', lat: 7.33, lng: 79.99 }
    // The same sound 33 km away is another village.
    expect(isSamePlace({ en: 'Panaliya', district: 'Kurunegala', lat: 7.6, lng: 80.1 }, town)).toBe(false)
    expect(isSamePlace({ en: 'Pannala', district: 'Kurunegala', lat: 7.6, lng: 80.1 }, town)).toBe(true)
    expect(isSamePlace({ en: 'Pannala', district: 'Gampaha', lat: 7.6, lng: 80.1 }, town)).toBe(false)
    const dehiwala = { en: 'Dehiwala-Mount Lavinia', district: 'Colombo', lat: 6.8402, lng: 79.8712 }
    expect(isSamePlace({ en: 'Dehiwala', district: 'Colombo', lat: 6.851, lng: 79.866 }, dehiwala)).toBe(true)
    expect(isSamePlace({ en: 'Dehiwala', district: 'Colombo', lat: 6.95, lng: 79.866 }, dehiwala)).toBe(false)
    expect(
      isSamePlace({ en: 'Mount Lavinia Road', district: 'Colombo', lat: 6.84, lng: 79.87 }, dehiwala),
    ).toBe(false)
  })

  it('keeps two post offices of one village once, and skips a row without a district', () => {
    const row = (name: string, district: string, accuracy = '4') =>
      ['LK', '1', name, 'P', '1', district, 'X', '', '', '7.1', '80.1', accuracy].join('\t')
    const postal = parsePostal(
      [
        row('Ella', 'Badulla'),
        row('Ella', 'Badulla', '1'),
        row('Nowhere', ''),
        row('Buttala', 'Moneragala', '1'),
      ].join('\n'),
      DISTRICT_NAMES,
    )
    expect(postal.map((p) => [p.en, p.district, p.estimated])).toEqual([
      ['Ella', 'Badulla', false],
      ['Ella', 'Badulla', true],
      ['Buttala', 'Monaragala', true],
    ])
    expect(newPlaces([], postal).map((p) => p.en)).toEqual(['Ella', 'Buttala'])
    expect(() => parsePostal(row('Atlantis', 'Atlantis'), DISTRICT_NAMES)).toThrow('unknown district')
  })

  it('keeps the capitals and towns above villages whose names match alike', () => {
    expect(findPlaces('kand')[0]?.names.en).toBe('Kandy')
    expect(findPlaces('gal')[0]?.names.en).toBe('Galle')
    const ta = findPlaces('ta').map((p) => p.id)
    expect(ta.slice(0, 3)).toEqual(['tangalle', 'talawakele', 'talpe'])
  })

  it('answers "nearest" with a place whose point is known, not one estimated at the post office', () => {
    // Mihintale's post office also stands for three villages GeoNames places at its point.
    const stacked = gazetteer.filter((p) => p.lat === 8.3593 && p.lng === 80.5103)
    expect(stacked.filter((p) => p.estimated).length).toBeGreaterThan(0)
    expect(findNearestPlace({ lat: 8.3593, lng: 80.5103 }).names.en).toBe('Mihintale')
  })
})
