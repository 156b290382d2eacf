import { describe, expect, it } from 'vitest'
import { pointSchema } from './point'

describe('pointSchema', () => {
  it('takes a point on the island', () => {
    expect(pointSchema.parse({ lat: 6.8511, lng: 79.8653 })).toEqual({ lat: 6.8511, lng: 79.8653 })
  })

  it.each([
    { lat: 13.08, lng: 80.27 },
    { lat: 6.9, lng: 82.5 },
    { lat: Number.NaN, lng: 80 },
    { lat: '6.9', lng: 80 },
    { lat: 6.9 },
    { lat: 6.9, lng: 80, name: 'x' },
    [6.9, 80],
    null,
  ])('refuses %j with the field key', (value) => {
    const result = pointSchema.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('errors.pointOutsideSriLanka')
  })
})
