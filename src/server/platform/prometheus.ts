import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { DatabaseHandle } from '../db/client'
import { errorBody } from './errors'
import type { Realtime } from './realtime'

/**
 * The instance's figures in Prometheus' text format (docs/decisions/0022-production-build.md).
 * Each app has its own registry; other modules add theirs through counter() and gauge().
 */
export type Metrics = {
  /** A counter, made on first use of its name; a second call with the name answers the same one. */
  counter<L extends string>(name: string, help: string, labelNames?: readonly L[]): Counter<L>
  /** A histogram, made on first use of its name. */
  histogram<L extends string>(
    name: string,
    help: string,
    labelNames?: readonly L[],
    buckets?: number[],
  ): Histogram<L>
  /** A gauge, made on first use of its name; `collect` sets its values at every scrape. */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames?: readonly L[],
    collect?: (gauge: Gauge<L>) => void | Promise<void>,
  ): Gauge<L>
  /** Hooks for the job queue: jobs_queue_depth{queue} and jobs_failed_total{queue}. */
  jobs: {
    /** The queue's reader of its depths (jobs waiting, by queue); called at every scrape. */
    readDepthWith(read: () => Promise<Record<string, number>>): void
    failed(queue: string): void
  }
  contentType: string
  text(): Promise<string>
}

export function createMetrics(database: DatabaseHandle, realtime: Realtime): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })

  function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
    const existing = registry.getSingleMetric(name)
    if (existing) return existing as Counter<L>
    return new Counter<L>({ name, help, labelNames, registers: [registry] })
  }
  function histogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  ) {
    const existing = registry.getSingleMetric(name)
    if (existing) return existing as Histogram<L>
    return new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] })
  }
  function gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (gauge: Gauge<L>) => void | Promise<void>,
  ) {
    const existing = registry.getSingleMetric(name)
    if (existing) return existing as Gauge<L>
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        await collect?.(this)
      },
    })
  }

  gauge('realtime_clients', 'Live-update streams (SSE) open on this instance', [], (g) =>
    g.set(realtime.clientCount()),
  )
  gauge(
    'db_pool_connections',
    'Database connections by state (PGlite: its one embedded connection)',
    ['kind', 'state'],
    (g) => {
      for (const [state, value] of Object.entries(database.poolStats()))
        g.set({ kind: database.kind, state }, value)
    },
  )
  let readDepth: (() => Promise<Record<string, number>>) | undefined
  gauge('jobs_queue_depth', 'Jobs waiting, by queue', ['queue'], async (g) => {
    if (!readDepth) return
    g.reset()
    for (const [queue, depth] of Object.entries(await readDepth())) g.set({ queue }, depth)
  })
  const failedJobs = counter('jobs_failed_total', 'Jobs that failed, by queue', ['queue'])

  return {
    counter,
    histogram,
    gauge,
    jobs: {
      readDepthWith(read) {
        readDepth = read
      },
      failed: (queue) => failedJobs.inc({ queue }),
    },
    contentType: registry.contentType,
    text: () => registry.metrics(),
  }
}

/** Counts requests and their durations by route pattern (never the raw URL: ids would explode the series). */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  const labelNames = ['method', 'route', 'status'] as const
  const requests = metrics.counter('http_requests_total', 'HTTP requests answered', labelNames)
  const durations = metrics.histogram(
    'http_request_duration_seconds',
    'Time to answer HTTP requests',
    labelNames,
  )
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      // Unrouted requests (404s, the web app's pages) share one series.
      route: request.routeOptions.url ?? '(unmatched)',
      status: String(reply.statusCode),
    }
    requests.inc(labels)
    durations.observe(labels, reply.elapsedTime / 1000)
  })
}

/**
 * GET /metrics on the app's port: with METRICS_TOKEN, for `Authorization: Bearer <token>` only (401
 * otherwise); without it, 404, as if there were none (METRICS_PORT may serve them apart).
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  const expected = token ? digest(`Bearer ${token}`) : undefined
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) return reply.status(404).send(errorBody('not_found', 'errors.notFound'))
    const given = digest(request.headers.authorization ?? '')
    if (!timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody('unauthorized', 'errors.metricsUnauthorized'))
    }
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text())
  })
}

/** Equal-length digests, so comparing them takes the same time whatever the guess. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/**
 * /metrics on a port of its own (METRICS_PORT), without a token: for a scraper on a private network,
 * bound to loopback unless METRICS_HOST says otherwise.
 */
export async function startMetricsServer(
  metrics: Metrics,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n')
      return
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed.\n'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
