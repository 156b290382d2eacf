export type PostalPlace = { en: string; district: string; lat: number; lng: number; estimated: boolean }
export const SAME_PLACE_KM: number
export function fixName(raw: string): string
export function parsePostal(text: string, districtNames: readonly string[]): PostalPlace[]
type Town = Pick<PostalPlace, 'en' | 'district' | 'lat' | 'lng'>
export function isSamePlace(
  candidate: Pick<PostalPlace, 'en' | 'district' | 'lat' | 'lng'>,
  town: Town,
): boolean
export function newPlaces(towns: readonly Town[], postal: readonly PostalPlace[]): PostalPlace[]
