import { describe, expect, it } from 'vitest'
import {
  DELIVERY_STEPS,
  DELIVERY_TIMES,
  deliveryFee,
  deliveryStepRefusal,
  deliveryTimesOn,
  districtDistanceKm,
  firstDeliveryTime,
  homeDistricts,
  nextDeliverySteps,
  reachableAreas,
  reachesBothEnds,
} from './delivery'
import type { DeliveryStatus } from './reference-data'
import { sriLankaInstant } from './sri-lanka-time'

describe('deliveryFee', () => {
  it('charges the district fee', () => {
    expect(deliveryFee('Colombo', false)).toBe(200)
    expect(deliveryFee('Gampaha', false)).toBe(250)
    expect(deliveryFee('Jaffna', false)).toBe(500)
    expect(deliveryFee('Nuwara Eliya', false)).toBe(350)
  })

  it('adds 100 for urgent delivery', () => {
    expect(deliveryFee('Colombo', true)).toBe(300)
    expect(deliveryFee('Mullaitivu', true)).toBe(600)
  })

  it('charges 300 when no district is chosen, 400 when urgent', () => {
    expect(deliveryFee(null, false)).toBe(300)
    expect(deliveryFee('', false)).toBe(300)
    expect(deliveryFee(undefined, true)).toBe(400)
    expect(deliveryFee('Atlantis', false)).toBe(300)
  })
})

describe('DELIVERY_TIMES', () => {
  it('offers hourly times from 09:00 to 18:00', () => {
    expect(DELIVERY_TIMES).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
    ])
  })
})

describe('delivery steps', () => {
  const state = (status: DeliveryStatus, approved = true) => ({ status, approved })

  it('go in order: accept, pick up, deliver; hand back and cancel only where they fit', () => {
    expect(nextDeliverySteps(state('pending', false))).toEqual(['cancel'])
    expect(nextDeliverySteps(state('pending'))).toEqual(['accept', 'cancel'])
    expect(nextDeliverySteps(state('assigned'))).toEqual(['hand-back', 'pick-up'])
    expect(nextDeliverySteps(state('in-progress'))).toEqual(['complete'])
    expect(nextDeliverySteps(state('completed'))).toEqual([])
    expect(nextDeliverySteps(state('cancelled'))).toEqual([])
  })

  it('says why a step cannot be taken', () => {
    expect(deliveryStepRefusal('accept', state('pending', false))).toBe('deliveries.errors.awaitingApproval')
    expect(deliveryStepRefusal('accept', state('assigned'))).toBe('deliveries.errors.alreadyTaken')
    expect(deliveryStepRefusal('complete', state('assigned'))).toBe('deliveries.errors.notPickedUp')
    expect(deliveryStepRefusal('complete', state('pending'))).toBe('deliveries.errors.notPickedUp')
    expect(deliveryStepRefusal('complete', state('completed'))).toBe('deliveries.errors.notActive')
    expect(deliveryStepRefusal('hand-back', state('in-progress'))).toBe(
      'deliveries.errors.handBackAfterPickUp',
    )
    expect(deliveryStepRefusal('hand-back', state('pending'))).toBe('deliveries.errors.cannotHandBack')
    expect(deliveryStepRefusal('pick-up', state('pending'))).toBe('deliveries.errors.notAssigned')
    expect(deliveryStepRefusal('pick-up', state('in-progress'))).toBe('deliveries.errors.alreadyPickedUp')
    expect(deliveryStepRefusal('pick-up', state('cancelled'))).toBe('deliveries.errors.notActive')
    expect(deliveryStepRefusal('cancel', state('assigned'))).toBe('deliveries.errors.notPending')
    expect(deliveryStepRefusal('complete', state('in-progress'))).toBeNull()
  })

  it('each step leads to the next status', () => {
    expect(DELIVERY_STEPS.accept.to).toBe('assigned')
    expect(DELIVERY_STEPS['pick-up']).toEqual({ from: 'assigned', to: 'in-progress' })
    expect(DELIVERY_STEPS.complete).toEqual({ from: 'in-progress', to: 'completed' })
    expect(DELIVERY_STEPS['hand-back']).toEqual({ from: 'assigned', to: 'pending' })
  })
})

describe('districtDistanceKm', () => {
  it('measures between district centroids in whole km', () => {
    expect(districtDistanceKm('Colombo', 'Colombo')).toBe(0)
    expect(districtDistanceKm('Colombo', 'Gampaha')).toBe(25)
    expect(districtDistanceKm('Colombo', 'Kandy')).toBe(districtDistanceKm('Kandy', 'Colombo'))
    const jaffna = districtDistanceKm('Colombo', 'Jaffna')!
    expect(jaffna).toBeGreaterThan(290)
    expect(jaffna).toBeLessThan(310)
  })

  it('is null for an unknown district', () => {
    expect(districtDistanceKm('Colombo', 'Atlantis')).toBeNull()
    expect(districtDistanceKm(null, 'Colombo')).toBeNull()
  })
})

describe('distances between districts', () => {
  it('are never about 0 km between two different districts', async () => {
    const { DISTRICTS } = await import('./districts')
    for (const a of DISTRICTS)
      for (const b of DISTRICTS) {
        if (a !== b) expect(districtDistanceKm(a.name, b.name)).toBeGreaterThanOrEqual(1)
      }
  })

  it('decide who can carry a delivery: a home district with both ends within reach', () => {
    const colombo = { district: 'Colombo', location: 'Colombo 07' }
    expect(reachesBothEnds(colombo, { pickupDistrict: 'Gampaha', district: 'Colombo' })).toBe(true)
    expect(reachesBothEnds(colombo, { pickupDistrict: 'Colombo', district: 'Colombo' })).toBe(true)
    // Kandy is about 100 km from Colombo; Jaffna is out of reach of any district that reaches Kandy.
    expect(reachesBothEnds(colombo, { pickupDistrict: 'Kandy', district: 'Colombo' })).toBe(false)
    const kandy = { district: 'Kandy', location: 'Peradeniya' }
    expect(reachesBothEnds(kandy, { pickupDistrict: 'Kandy', district: 'Matale' })).toBe(true)
    expect(reachesBothEnds(kandy, { pickupDistrict: 'Kandy', district: 'Jaffna' })).toBe(false)
    expect(reachesBothEnds(colombo, { pickupDistrict: 'Atlantis', district: 'Colombo' })).toBe(false)
    expect(reachesBothEnds({}, { pickupDistrict: 'Colombo', district: 'Colombo' })).toBe(false)
  })

  it('know a volunteer by their district or a district their location names, in any case', () => {
    const names = (place: Parameters<typeof homeDistricts>[0]) => homeDistricts(place).map((d) => d.name)
    expect(names({ district: 'Gampaha', location: 'Kelaniya, near colombo' })).toEqual(['Colombo', 'Gampaha'])
    expect(names({ district: 'Kandy', location: 'Peradeniya' })).toEqual(['Kandy'])
    expect(names({ district: null, location: null })).toEqual([])
    // A road named after a town is not a home there; the town itself is.
    expect(names({ district: 'Colombo', location: '22 Galle Road, Colombo 03' })).toEqual(['Colombo'])
    expect(names({ district: 'Gampaha', location: 'Kandy Rd, Kadawatha' })).toEqual(['Gampaha'])
    expect(names({ district: 'Kalutara', location: 'Panadura, works in Galle' })).toEqual([
      'Galle',
      'Kalutara',
    ])
    expect(names({ district: 'Badulla', location: 'Nuwara  Eliya town' })).toEqual([
      'Badulla',
      'Nuwara Eliya',
    ])
    expect(names({ district: 'Colombo', location: 'Gallery Lane, Colombo' })).toEqual(['Colombo'])
    const volunteer = { district: 'Gampaha', location: 'Kelaniya, near Colombo' }
    expect(reachesBothEnds(volunteer, { pickupDistrict: 'Colombo', district: 'Colombo' })).toBe(true)
  })

  it('go by distance from the home point where both ends’ points are known (reachKm)', () => {
    const dehiwala = { lat: 6.8511, lng: 79.8659 }
    const fort = { lat: 6.9344, lng: 79.8428 }
    const kandy = { lat: 7.2906, lng: 80.6337 }
    // ~9.6 km from Dehiwala to the Fort.
    const volunteer = { district: 'Colombo', homePoint: dehiwala, reachKm: 10 }
    const colomboToColombo = { pickupDistrict: 'Colombo', district: 'Colombo' }
    expect(
      reachesBothEnds(volunteer, { ...colomboToColombo, pickupPoint: fort, dropOffPoint: dehiwala }),
    ).toBe(true)
    // The district rule would say yes; the distance says the Fort is beyond 5 km.
    const near = { ...volunteer, reachKm: 5 }
    expect(reachesBothEnds(near, { ...colomboToColombo, pickupPoint: fort, dropOffPoint: dehiwala })).toBe(
      false,
    )
    // ~97 km from Dehiwala to Kandy: beyond 60 km; from between the two, both ends are within it.
    const far = { ...volunteer, reachKm: 60 }
    const toKandy = { pickupDistrict: 'Colombo', district: 'Kandy', pickupPoint: fort, dropOffPoint: kandy }
    expect(reachesBothEnds(far, toKandy)).toBe(false)
    expect(reachesBothEnds({ ...far, homePoint: { lat: 7.1, lng: 80.25 } }, toKandy)).toBe(true)
    // A missing point: the district rule decides, whatever the reach.
    expect(reachesBothEnds(near, { ...colomboToColombo, pickupPoint: fort })).toBe(true)
    expect(
      reachesBothEnds(
        { district: 'Colombo' },
        { ...colomboToColombo, pickupPoint: fort, dropOffPoint: fort },
      ),
    ).toBe(true)
  })

  it('read as sets for a query, the same answer as reachesBothEnds', async () => {
    const { DISTRICT_NAMES } = await import('./districts')
    for (const volunteer of [
      { district: 'Kandy', location: 'Peradeniya' },
      { district: 'Gampaha', location: 'Colombo 07' },
    ])
      for (const from of DISTRICT_NAMES)
        for (const to of DISTRICT_NAMES) {
          const inArea = reachableAreas(volunteer).some((area) => area.includes(from) && area.includes(to))
          expect(inArea).toBe(reachesBothEnds(volunteer, { pickupDistrict: from, district: to }))
        }
  })
})

describe('delivery times', () => {
  // 2026-11-24 14:20 in Sri Lanka.
  const now = sriLankaInstant('2026-11-24', '14:20')
  const noWindow = { pickupDate: null, pickupTimeStart: null, pickupTimeEnd: null }

  it('lie ahead and before the expiry', () => {
    const listing = { ...noWindow, expiresAt: sriLankaInstant('2026-11-24', '17:30') }
    expect(deliveryTimesOn(listing, '2026-11-24', now)).toEqual(['15:00', '16:00', '17:00'])
    expect(deliveryTimesOn(listing, '2026-11-25', now)).toEqual([])
  })

  it('lie inside the pickup window', () => {
    const listing = {
      pickupDate: '2026-11-25',
      pickupTimeStart: '17:00',
      pickupTimeEnd: '19:00',
      expiresAt: sriLankaInstant('2026-11-26', '10:00'),
    }
    expect(deliveryTimesOn(listing, '2026-11-24', now)).toEqual([])
    expect(deliveryTimesOn(listing, '2026-11-25', now)).toEqual(['17:00', '18:00'])
    expect(firstDeliveryTime(listing, now)).toEqual({ date: '2026-11-25', time: '17:00' })
  })

  it('after 18:00 start the next morning, and none is left once the food expires overnight', () => {
    const evening = sriLankaInstant('2026-11-24', '19:08')
    const tomorrow = { ...noWindow, expiresAt: sriLankaInstant('2026-11-26', '01:08') }
    expect(firstDeliveryTime(tomorrow, evening)).toEqual({ date: '2026-11-25', time: '09:00' })
    const tonight = { ...noWindow, expiresAt: sriLankaInstant('2026-11-25', '05:08') }
    expect(firstDeliveryTime(tonight, evening)).toBeNull()
  })
})
