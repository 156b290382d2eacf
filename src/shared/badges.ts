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

/** The badges whose threshold their count reaches, in the order given. */
function earned(counts: [number, Badge][]): Badge[] {
  return counts.filter(([count, badge]) => count >= badge.threshold).map(([, badge]) => badge)
}

export type BadgeId = keyof typeof DONOR_BADGES | keyof typeof VOLUNTEER_BADGES

/** First Donation at 1+ donations, Generous Giver at 5+, Food Hero at 10+, Reliable Donor at 5+ completed. */
export function donorBadges(stats: { donations: number; completedDonations: number }): Badge[] {
  const b = DONOR_BADGES
  return earned([
    [stats.donations, b.firstDonation],
    [stats.donations, b.generousGiver],
    [stats.donations, b.foodHero],
    [stats.completedDonations, b.reliableDonor],
  ])
}

/**
 * First Delivery at 1+ deliveries taken on, Reliable Helper at 5+, Delivery Hero at 10+, Community
 * Champion at 20+ completed.
 */
export function volunteerBadges(stats: { deliveries: number; completedDeliveries: number }): Badge[] {
  const b = VOLUNTEER_BADGES
  return earned([
    [stats.deliveries, b.firstDelivery],
    [stats.deliveries, b.reliableHelper],
    [stats.deliveries, b.deliveryHero],
    [stats.completedDeliveries, b.communityChampion],
  ])
}
