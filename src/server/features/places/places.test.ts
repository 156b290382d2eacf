import { describe, expect, it } from 'vitest'
import { setUpTestApp } from '../../test/harness'

const ctx = setUpTestApp({})

const get = (url: string) => ctx.app.inject({ method: 'GET', url })

describe('GET /api/places?q=', () => {
  it('finds Kandy first in English, Sinhala and Tamil, with the item’s whole shape', async () => {
    for (const q of ['kandy', 'Kandy', 'මහනුවර', 'கண்டி']) {
      const res = await get(`/api/places?q=${encodeURIComponent(q)}`)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().items[0]).toEqual({
        id: 'kandy',
        names: { en: 'Kandy', si: 'මහනුවර', ta: 'கண்டி' },
        district: 'Kandy',
        point: { lat: expect.any(Number), lng: expect.any(Number) },
      })
    }
  })

  it('answers at most 10, and finds a town typed in Sinhala by its sound', async () => {
    const many = await get('/api/places?q=a')
    expect(many.json().items.length).toBeLessThanOrEqual(10)
    const dehiwala = await get(`/api/places?q=${encodeURIComponent('දෙහිවල')}`)
    expect(dehiwala.json().items[0].names.en).toBe('Dehiwala-Mount Lavinia')
  })

  it('finds a village of GeoNames’ postal codes, once missing, in English and Sinhala (Habarana)', async () => {
    for (const q of ['Habarana', 'හබරණ']) {
      const res = await get(`/api/places?q=${encodeURIComponent(q)}`)
      expect(res.json().items[0], q).toEqual({
        id: 'habarana',
        names: { en: 'Habarana', si: null, ta: null },
        district: 'Anuradhapura',
        point: { lat: 8.0363, lng: 80.7467 },
      })
    }
  })

  it('refuses an empty query and one over 100 characters (400, the q key)', async () => {
    for (const q of ['', 'x'.repeat(101)]) {
      const res = await get(`/api/places?q=${q}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields.q.key).toBe('errors.placeQueryInvalid')
    }
  })
})

describe('GET /api/places/nearest', () => {
  it('answers the nearest town', async () => {
    const res = await get('/api/places/nearest?lat=6.84&lng=79.872')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ names: { en: 'Dehiwala-Mount Lavinia' }, district: 'Colombo' })
  })

  it('refuses a point outside Sri Lanka or not a number (400)', async () => {
    for (const query of ['lat=51.5&lng=-0.1', 'lat=abc&lng=80', 'lat=7']) {
      const res = await get(`/api/places/nearest?${query}`)
      expect(res.statusCode, query).toBe(400)
    }
  })
})
