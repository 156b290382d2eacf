import { describe, expect, it } from 'vitest'
import { sriLankaToday } from '../sri-lanka-time'
import { claimInputSchema, deliveryInputSchema } from './order-input'

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'))

describe('a missing pickup or delivery time is reported on the field that misses it', () => {
  const claim = { quantity: 1, contactMethod: 'email', email: 'a@example.lk', pickupDate: sriLankaToday() }
  it('claims: the time field without a time, the date field without a date', () => {
    expect(paths(claimInputSchema.safeParse({ ...claim, pickupTime: '' }))).toEqual(['pickupTime'])
    expect(paths(claimInputSchema.safeParse({ ...claim, pickupDate: '', pickupTime: '10:00' }))).toEqual([
      'pickupDate',
    ])
    expect(claimInputSchema.safeParse({ ...claim, pickupTime: '10:00' }).success).toBe(true)
  })
  it('deliveries: the same for the delivery date and time', () => {
    const delivery = {
      quantity: 1,
      address: '45 Maradana Road',
      city: 'Colombo',
      district: 'Colombo',
      deliveryDate: sriLankaToday(),
      phone: '0771234567',
    }
    expect(paths(deliveryInputSchema.safeParse({ ...delivery, deliveryTime: '' }))).toEqual(['deliveryTime'])
    expect(paths(deliveryInputSchema.safeParse({ ...delivery, deliveryDate: '', deliveryTime: '' }))).toEqual(
      ['deliveryDate'],
    )
  })
})
