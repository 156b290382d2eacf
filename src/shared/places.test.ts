import { describe, expect, it } from 'vitest'
import { indexPlaces, nearestPlace, type Place, searchPlaces } from './places'

const place = (
  id: string,
  en: string,
  si: string | null,
  ta: string | null,
  lat: number,
  lng: number,
  capital = false,
  population = 0,
  estimated = false,
) =>
  ({
    id,
    names: { en, si, ta },
    district: 'Colombo',
    point: { lat, lng },
    capital,
    population,
    estimated,
  }) as Place

const index = indexPlaces([
  place('kandy', 'Kandy', 'මහනුවර', 'கண்டி', 7.2906, 80.6337, true),
  place('kandana', 'Kandana', null, null, 7.048, 79.8937, false, 33424),
  place('kandanagama', 'Kandanagama', null, null, 7.1, 80.1, false, 1200),
  place('kandanawa', 'Kandanawa', null, null, 7.2, 80.2, false, 40000),
  place('dehiwala', 'Dehiwala-Mount Lavinia', null, null, 6.8402, 79.8712),
  place('colombo', 'Colombo', 'කොළඹ', 'கொழும்பு', 6.9355, 79.8487, true),
  place('nuwara-eliya', 'Nuwara Eliya', 'නුවරඑළිය', 'நுவரெலியா', 6.9497, 80.7891, true),
])
const ids = (q: string) => searchPlaces(index, q).map((p) => p.id)

describe('searchPlaces', () => {
  it('finds a town by its name in English, Sinhala or Tamil, as typed first', () => {
    expect(ids('kandy')[0]).toBe('kandy')
    expect(ids('KANDY')[0]).toBe('kandy')
    expect(ids('මහනුවර')).toEqual(['kandy'])
    expect(ids('கண்டி')[0]).toBe('kandy')
    expect(ids('கொழும்பு')).toEqual(['colombo'])
  })

  it('finds a name by its start and a word inside it, a capital first among equals', () => {
    expect(ids('kand')).toEqual(['kandy', 'kandanawa', 'kandana', 'kandanagama'])
    expect(ids('mount')).toEqual(['dehiwala'])
    expect(ids('eliya')).toEqual(['nuwara-eliya'])
  })

  it('puts a town before a village whose name matches as well, whatever the names’ lengths', () => {
    expect(ids('kandana')).toEqual(['kandana', 'kandanawa', 'kandanagama'])
    expect(ids('kandan')).toEqual(['kandanawa', 'kandana', 'kandanagama'])
  })

  it('finds a town written in another script by its sound', () => {
    expect(ids('දෙහිවල')).toEqual(['dehiwala'])
    expect(ids('கொழும்பு')[0]).toBe('colombo')
    expect(ids('kolamba')[0]).toBe('colombo')
  })

  it('reads Sinhala’s æ as the "e" of a place’s English spelling too (කැකිරාව Kekirawa)', () => {
    const villages = indexPlaces([
      place('kekirawa', 'Kekirawa', null, null, 8.0385, 80.5941),
      place('kakirawa', 'Kakirawa', null, null, 7.5, 80.5),
    ])
    expect(searchPlaces(villages, 'කැකිරාව').map((p) => p.id)).toEqual(['kakirawa', 'kekirawa'])
    expect(searchPlaces(villages, 'kekirawa').map((p) => p.id)).toEqual(['kekirawa'])
  })

  it('answers nothing for a blank query or an unknown name', () => {
    expect(ids('   ')).toEqual([])
    expect(ids('atlantis')).toEqual([])
  })
})

describe('nearestPlace', () => {
  it('answers the town nearest to a point', () => {
    expect(nearestPlace(index, { lat: 6.85, lng: 79.87 }).id).toBe('dehiwala')
    expect(nearestPlace(index, { lat: 7.3, lng: 80.6 }).id).toBe('kandy')
  })

  it('passes over a place whose point is only estimated', () => {
    const withVillage = indexPlaces([
      place('kandy', 'Kandy', null, null, 7.2906, 80.6337, true),
      place('village', 'Village', null, null, 7.3, 80.6, false, 0, true),
    ])
    expect(nearestPlace(withVillage, { lat: 7.3, lng: 80.6 }).id).toBe('kandy')
    expect(searchPlaces(withVillage, 'village').map((p) => p.id)).toEqual(['village'])
  })
})
