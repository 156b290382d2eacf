import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roadKm } from '../../../shared/run-order'
import { legsKm } from './routing'

/**
 * A fake OSRM on loopback: /route/v1/driving/{lon,lat;...} answers a leg of 1.5 km per pair, or
 * misbehaves as `mode` says (slow, broken, a leg short).
 */
let server: Server
let url: string
let mode: 'ok' | 'slow' | 'broken' | 'short' = 'ok'
const asked: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '')
    const [, , , profile, coordinates] = (request.url ?? '').split('?')[0]!.split('/')
    if (mode === 'slow') return void setTimeout(() => response.end('{}'), 5_000)
    if (mode === 'broken') return void response.writeHead(500).end('no')
    const pairs = coordinates!.split(';').length - 1
    const legs = Array.from({ length: mode === 'short' ? pairs - 1 : pairs }, () => ({ distance: 1500 }))
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ code: profile === 'driving' ? 'Ok' : 'InvalidUrl', routes: [{ legs }] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

const points = [
  { lat: 6.9271, lng: 79.8612 },
  { lat: 6.93, lng: 79.87 },
  { lat: 6.95, lng: 79.9 },
]
const straight = [roadKm(points[0]!, points[1]!), roadKm(points[1]!, points[2]!)]

describe('legsKm', () => {
  it('asks the routing service once for the whole route, longitude first, and reads each leg in km', async () => {
    asked.length = 0
    expect(await legsKm(points, url)).toEqual([1.5, 1.5])
    expect(asked).toEqual(['/route/v1/driving/79.8612,6.9271;79.87,6.93;79.9,6.95?overview=false'])
  })

  it('is the straight line × 1.4 without a routing service', async () => {
    expect(await legsKm(points, undefined)).toEqual(straight)
  })

  it.each(['broken', 'short', 'slow'] as const)(
    'falls back to the straight line when the service is %s',
    async (how) => {
      mode = how
      try {
        expect(await legsKm(points, url)).toEqual(straight)
      } finally {
        mode = 'ok'
      }
    },
  )

  it('falls back when nothing listens', async () => {
    expect(await legsKm(points, 'http://127.0.0.1:9')).toEqual(straight)
  })
})
