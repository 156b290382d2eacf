import { distanceKm } from './geo'
/** The 25 districts of Sri Lanka with the delivery fee (LKR) and a centroid (the main town). */
export const DISTRICTS = [
  { name: 'Ampara', deliveryFee: 400, lat: 7.2833, lng: 81.6667 },
  { name: 'Anuradhapura', deliveryFee: 450, lat: 8.3114, lng: 80.4037 },
  { name: 'Badulla', deliveryFee: 400, lat: 6.9934, lng: 81.055 },
  { name: 'Batticaloa', deliveryFee: 400, lat: 7.731, lng: 81.6747 },
  { name: 'Colombo', deliveryFee: 200, lat: 6.9271, lng: 79.8612 },
  { name: 'Galle', deliveryFee: 350, lat: 6.0535, lng: 80.221 },
  { name: 'Gampaha', deliveryFee: 250, lat: 7.0873, lng: 80.0144 },
  { name: 'Hambantota', deliveryFee: 450, lat: 6.1246, lng: 81.1185 },
  { name: 'Jaffna', deliveryFee: 500, lat: 9.6615, lng: 80.0255 },
  { name: 'Kalutara', deliveryFee: 300, lat: 6.5854, lng: 79.9607 },
  { name: 'Kandy', deliveryFee: 400, lat: 7.2906, lng: 80.6337 },
  { name: 'Kegalle', deliveryFee: 300, lat: 7.2513, lng: 80.3464 },
  { name: 'Kilinochchi', deliveryFee: 500, lat: 9.3803, lng: 80.377 },
  { name: 'Kurunegala', deliveryFee: 350, lat: 7.4863, lng: 80.3623 },
  { name: 'Mannar', deliveryFee: 500, lat: 8.981, lng: 79.9044 },
  { name: 'Matale', deliveryFee: 350, lat: 7.4675, lng: 80.6234 },
  { name: 'Matara', deliveryFee: 400, lat: 5.9549, lng: 80.555 },
  { name: 'Monaragala', deliveryFee: 450, lat: 6.8728, lng: 81.3507 },
  { name: 'Mullaitivu', deliveryFee: 500, lat: 9.2671, lng: 80.8142 },
  { name: 'Nuwara Eliya', deliveryFee: 350, lat: 6.9497, lng: 80.7891 },
  { name: 'Polonnaruwa', deliveryFee: 400, lat: 7.9403, lng: 81.0188 },
  { name: 'Puttalam', deliveryFee: 400, lat: 8.0362, lng: 79.8283 },
  { name: 'Ratnapura', deliveryFee: 350, lat: 6.6828, lng: 80.3992 },
  { name: 'Trincomalee', deliveryFee: 450, lat: 8.5874, lng: 81.2152 },
  { name: 'Vavuniya', deliveryFee: 450, lat: 8.7514, lng: 80.4971 },
] as const

export type District = (typeof DISTRICTS)[number]
export type DistrictName = District['name']

export const DISTRICT_NAMES = DISTRICTS.map((d) => d.name) as [DistrictName, ...DistrictName[]]

const byName = new Map<string, District>(DISTRICTS.map((d) => [d.name, d]))

export function findDistrict(name: string | null | undefined): District | undefined {
  return name ? byName.get(name) : undefined
}

export function isDistrictName(name: string): name is DistrictName {
  return byName.has(name)
}

/** Maps browser coordinates to the district whose centroid is closest. */
export function nearestDistrict(position: { lat: number; lng: number }): District {
  let best: District = DISTRICTS[0]
  let bestKm = Number.POSITIVE_INFINITY
  for (const district of DISTRICTS) {
    const km = distanceKm(position, district)
    if (km < bestKm) {
      best = district
      bestKm = km
    }
  }
  return best
}
