export type Located = { lat: number; lng: number; admin1?: string }
export function bestName(alternates: readonly string[], script: 'si' | 'ta'): string | null
export function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number
export function districtByNearest<D extends string>(
  place: Located,
  known: readonly (Located & { district: D })[],
): D | null
