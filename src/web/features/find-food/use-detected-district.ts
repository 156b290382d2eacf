import { useEffect, useState } from 'react'
import { type DistrictName, nearestDistrict } from '../../../shared/districts'

const CACHE_KEY = 'ahara.detectedDistrict'
const START_DELAY_MS = 1000
const TIMEOUT_MS = 10_000
const CACHE_MS = 5 * 60_000

function cached(): DistrictName | null {
  try {
    const raw = sessionStorage.getItem(CACHE_KEY)
    if (!raw) return null
    const { district, at } = JSON.parse(raw) as { district: DistrictName; at: number }
    return Date.now() - at < CACHE_MS ? district : null
  } catch {
    return null
  }
}

/**
 * The district nearest to the browser's position (docs/decisions/0011-location-by-district.md): asked 1 s after the page loads, given
 * up after 10 s, kept 5 minutes. Only the district leaves the browser, never the coordinates.
 */
export function useDetectedDistrict(): DistrictName | null {
  const [district, setDistrict] = useState<DistrictName | null>(cached)
  useEffect(() => {
    if (district || !('geolocation' in navigator)) return
    let active = true
    const timer = setTimeout(() => {
      navigator.geolocation.getCurrentPosition(
        (position) => {
          const found = nearestDistrict({
            lat: position.coords.latitude,
            lng: position.coords.longitude,
          }).name
          try {
            sessionStorage.setItem(CACHE_KEY, JSON.stringify({ district: found, at: Date.now() }))
          } catch {
            // Private mode: detect again next time.
          }
          if (active) setDistrict(found)
        },
        () => {},
        { timeout: TIMEOUT_MS, maximumAge: CACHE_MS, enableHighAccuracy: false },
      )
    }, START_DELAY_MS)
    return () => {
      active = false
      clearTimeout(timer)
    }
  }, [district])
  return district
}
