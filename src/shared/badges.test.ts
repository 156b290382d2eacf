import { describe, expect, it } from 'vitest'
import { donorBadges, volunteerBadges } from './badges'

const ids = (badges: { id: string }[]) => badges.map((b) => b.id)

describe('donorBadges', () => {
  it('earns nothing before the first donation', () => {
    expect(donorBadges({ donations: 0, completedDonations: 0 })).toEqual([])
  })
  it.each([
    [1, 0, ['firstDonation']],
    [4, 4, ['firstDonation']],
    [5, 4, ['firstDonation', 'generousGiver']],
    [9, 5, ['firstDonation', 'generousGiver', 'reliableDonor']],
    [10, 0, ['firstDonation', 'generousGiver', 'foodHero']],
    [10, 5, ['firstDonation', 'generousGiver', 'foodHero', 'reliableDonor']],
  ])('%i donations, %i completed', (donations, completedDonations, expected) => {
    expect(ids(donorBadges({ donations, completedDonations }))).toEqual(expected)
  })
})

describe('volunteerBadges', () => {
  it('earns nothing before the first delivery', () => {
    expect(volunteerBadges({ deliveries: 0, completedDeliveries: 0 })).toEqual([])
  })
  it.each([
    [1, 0, ['firstDelivery']],
    [4, 4, ['firstDelivery']],
    [5, 0, ['firstDelivery', 'reliableHelper']],
    [9, 9, ['firstDelivery', 'reliableHelper']],
    [10, 19, ['firstDelivery', 'reliableHelper', 'deliveryHero']],
    [20, 20, ['firstDelivery', 'reliableHelper', 'deliveryHero', 'communityChampion']],
  ])('%i deliveries, %i completed', (deliveries, completedDeliveries, expected) => {
    expect(ids(volunteerBadges({ deliveries, completedDeliveries }))).toEqual(expected)
  })
})
