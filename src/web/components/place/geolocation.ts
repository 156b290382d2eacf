import { isInSriLanka, type Point } from '../../../shared/geo'

/** Why the phone's location could not be used; each has its own message (place-picker.location.*). */
export type LocationProblem = 'denied' | 'unavailable' | 'outside'

export class LocationError extends Error {
  constructor(readonly problem: LocationProblem) {
    super(problem)
  }
}

/**
 * The phone's position, once, after the person asked for it (the browser asks their permission). A
 * position a minute old will do: the person is standing where they were.
 */
export function currentPoint(): Promise<Point> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new LocationError('unavailable'))
      return
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const point = { lat: coords.latitude, lng: coords.longitude }
        if (isInSriLanka(point)) resolve(point)
        else reject(new LocationError('outside'))
      },
      (error) => reject(new LocationError(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable')),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    )
  })
}
