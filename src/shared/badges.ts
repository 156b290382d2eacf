/**
 * Badges earned by donors and volunteers. name and description are i18n keys (badges.<id>.name/description);
 * icon is a lucide-react icon name.
 */
export type Badge = { id: string; icon: string; threshold: number }

export const DONOR_BADGES = {
  firstDonation: { id: 'firstDonation', icon: 'Gift', threshold: 1 },
  generousGiver: { id: 'generousGiver', icon: 'HandHeart', threshold: 5 },
  foodHero: { id: 'foodHero', icon: 'Trophy', threshold: 10 },
  reliableDonor: { id: 'reliableDonor', icon: 'ShieldCheck', threshold: 5 },
} as const satisfies Record<string, Badge>

export const VOLUNTEER_BADGES = {
  firstDelivery: { id: 'firstDelivery', icon: 'Truck', threshold: 1 },
  reliableHelper: { id: 'reliableHelper', icon: 'Clock', threshold: 5 },
  deliveryHero: { id: 'deliveryHero', icon: 'Award', threshold: 10 },
  communityChampion: { id: 'communityChampion', icon: 'Crown', threshold: 20 },
} as const satisfies Record<string, Badge>

export type BadgeId = keyof typeof DONOR_BADGES | keyof typeof VOLUNTEER_BADGES

/** First Donation at 1+ donations, Generous Giver at 5+, Food Hero at 10+, Reliable Donor at 5+ completed. */
export function donorBadges(stats: { donations: number; completedDonations: number }): Badge[] {
  const b = DONOR_BADGES
  const earned: Badge[] = []
  if (stats.donations >= b.firstDonation.threshold) earned.push(b.firstDonation)
  if (stats.donations >= b.generousGiver.threshold) earned.push(b.generousGiver)
  if (stats.donations >= b.foodHero.threshold) earned.push(b.foodHero)
  if (stats.completedDonations >= b.reliableDonor.threshold) earned.push(b.reliableDonor)
  return earned
}

/**
 * First Delivery at 1+ deliveries taken on, Reliable Helper at 5+, Delivery Hero at 10+, Community
 * Champion at 20+ completed.
 */
export function volunteerBadges(stats: { deliveries: number; completedDeliveries: number }): Badge[] {
  const b = VOLUNTEER_BADGES
  const earned: Badge[] = []
  if (stats.deliveries >= b.firstDelivery.threshold) earned.push(b.firstDelivery)
  if (stats.deliveries >= b.reliableHelper.threshold) earned.push(b.reliableHelper)
  if (stats.deliveries >= b.deliveryHero.threshold) earned.push(b.deliveryHero)
  if (stats.completedDeliveries >= b.communityChampion.threshold) earned.push(b.communityChampion)
  return earned
}
