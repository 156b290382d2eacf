import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { startMetricsServer } from './prometheus'

const TOKEN = 'metrics-token-0123456789abcdef'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({ METRICS_TOKEN: TOKEN })
})
afterAll(() => app.teardown())

const scrape = (authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

/** The value of one series in Prometheus' text format, e.g. value(text, 'realtime_clients'). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics with METRICS_TOKEN', () => {
  it('refuses a scrape without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization)
      expect(res.statusCode).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Bearer')
      expect(res.json().error.key).toBe('errors.metricsUnauthorized')
      expect(res.body).not.toContain('http_requests_total')
    }
  })

  it('counts requests by route pattern and status, with their durations', async () => {
    await app.inject({ method: 'GET', url: '/api/listings/00000000-0000-4000-8000-000000000000' })
    await app.inject({ method: 'GET', url: '/api/health/live' })
    const res = await scrape(`Bearer ${TOKEN}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4')
    expect(value(res.body, 'http_requests_total{method="GET",route="/api/listings/:id",status="404"}')).toBe(
      1,
    )
    expect(value(res.body, 'http_requests_total{method="GET",route="/api/health/live",status="200"}')).toBe(1)
    expect(res.body).not.toContain('00000000-0000-4000-8000-000000000000')
    expect(
      value(
        res.body,
        'http_request_duration_seconds_count{method="GET",route="/api/health/live",status="200"}',
      ),
    ).toBe(1)
    expect(res.body).toContain('process_resident_memory_bytes')
  })

  it('reports live streams, the database connections and the job queue through its hooks', async () => {
    const kind = app.database.kind
    let res = await scrape(`Bearer ${TOKEN}`)
    expect(value(res.body, 'realtime_clients')).toBe(0)
    expect(value(res.body, `db_pool_connections{kind="${kind}",state="total"}`)).toBeGreaterThanOrEqual(1)
    if (kind === 'postgres')
      expect(value(res.body, 'db_pool_connections{kind="postgres",state="idle"}')).toBeDefined()
    expect(res.body).toContain('# TYPE jobs_queue_depth gauge')
    expect(res.body).toContain('# TYPE jobs_failed_total counter')

    app.services.metrics.jobs.readDepthWith(async () => ({ mail: 3, images: 0 }))
    app.services.metrics.jobs.failed('mail')
    app.services.metrics.jobs.failed('mail')
    res = await scrape(`Bearer ${TOKEN}`)
    expect(value(res.body, 'jobs_queue_depth{queue="mail"}')).toBe(3)
    expect(value(res.body, 'jobs_queue_depth{queue="images"}')).toBe(0)
    expect(value(res.body, 'jobs_failed_total{queue="mail"}')).toBe(2)
  })

  it('lets other modules add their own figures once by name', async () => {
    const first = app.services.metrics.counter('uploads_total', 'Uploads stored', ['kind'])
    expect(app.services.metrics.counter('uploads_total', 'Uploads stored', ['kind'])).toBe(first)
    first.inc({ kind: 'photo' })
    const res = await scrape(`Bearer ${TOKEN}`)
    expect(value(res.body, 'uploads_total{kind="photo"}')).toBe(1)
  })

  it('serves them on a port of its own without a token (METRICS_PORT)', async () => {
    const server = await startMetricsServer(app.services.metrics, 0, '127.0.0.1')
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('http_requests_total')
      expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(404)
    } finally {
      await server.close()
    }
  })
})

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not found, whatever the header', async () => {
    const plain = await createTestApp()
    try {
      for (const headers of [{}, { authorization: 'Bearer anything-at-all-0123456789' }]) {
        const res = await plain.inject({ method: 'GET', url: '/metrics', headers })
        expect(res.statusCode).toBe(404)
        expect(res.json().error.code).toBe('not_found')
      }
    } finally {
      await plain.teardown()
    }
  })
})
