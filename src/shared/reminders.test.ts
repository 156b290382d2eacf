import { describe, expect, it } from 'vitest'
import {
  collectionCheckHorizon,
  pickupIsOver,
  pickupWindowEnd,
  reminderDue,
  reminderHorizon,
  reminderTime,
} from './reminders'
import { sriLankaInstant } from './sri-lanka-time'

describe('reminder times', () => {
  it('reads a pickup as Sri Lankan wall-clock time (UTC+05:30)', () => {
    const pickup = sriLankaInstant('2026-11-23', '14:30')
    expect(pickup.toISOString()).toBe('2026-11-23T09:00:00.000Z')
    expect(reminderTime(pickup)).toBe('14:30')
    expect(pickupWindowEnd(pickup).toISOString()).toBe('2026-11-23T10:00:00.000Z')
  })

  it('is due from exactly one hour before the pickup until the pickup, never before', () => {
    const pickup = sriLankaInstant('2026-11-23', '14:30')
    expect(reminderDue(pickup, sriLankaInstant('2026-11-23', '13:29'))).toBe(false)
    expect(reminderDue(pickup, sriLankaInstant('2026-11-23', '13:30'))).toBe(true)
    expect(reminderDue(pickup, sriLankaInstant('2026-11-23', '14:29'))).toBe(true)
    expect(reminderDue(pickup, sriLankaInstant('2026-11-23', '14:30'))).toBe(false)
    expect(reminderHorizon(sriLankaInstant('2026-11-23', '13:30'))).toEqual(pickup)
  })

  it('crosses midnight and the UTC date line correctly', () => {
    // 00:30 in Colombo is 19:00 UTC the day before; its reminder is at 23:30 Colombo, on the 22nd.
    const pickup = sriLankaInstant('2026-11-23', '00:30')
    expect(pickup.toISOString()).toBe('2026-11-22T19:00:00.000Z')
    expect(reminderDue(pickup, new Date('2026-11-22T18:00:00.000Z'))).toBe(true)
    expect(reminderDue(pickup, new Date('2026-11-22T17:59:59.000Z'))).toBe(false)
    expect(reminderTime(pickup)).toBe('00:30')
    // A 23:30 window ends at 00:30 the next day; the donor is asked two hours later, at 02:30.
    const late = sriLankaInstant('2026-11-23', '23:30')
    expect(collectionCheckHorizon(sriLankaInstant('2026-11-24', '02:30'))).toEqual(late)
  })

  it('asks the donor two hours after the window ends', () => {
    const pickup = sriLankaInstant('2026-11-23', '10:00')
    // Window 10:00-11:00, so the check is due from 13:00.
    expect(collectionCheckHorizon(sriLankaInstant('2026-11-23', '13:00'))).toEqual(pickup)
    expect(collectionCheckHorizon(sriLankaInstant('2026-11-23', '12:59')) < pickup).toBe(true)
  })
})

describe('pickupIsOver', () => {
  it('is over from the end of the one-hour window, not before (an ISO text or a Date)', () => {
    const pickup = sriLankaInstant('2026-11-23', '14:30')
    expect(pickupIsOver(pickup, sriLankaInstant('2026-11-23', '14:30'))).toBe(false)
    expect(pickupIsOver(pickup, sriLankaInstant('2026-11-23', '15:29'))).toBe(false)
    expect(pickupIsOver(pickup, sriLankaInstant('2026-11-23', '15:30'))).toBe(true)
    expect(pickupIsOver(pickup.toISOString(), sriLankaInstant('2026-11-24', '09:00'))).toBe(true)
    expect(pickupIsOver(pickup.toISOString(), sriLankaInstant('2026-11-22', '20:00'))).toBe(false)
  })
})
