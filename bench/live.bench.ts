/**
 * Live listings at scale (docs/decisions/0063-live-listings.md): one instance in this process
 * (in-memory PGlite, the job queue and outbox running as in production), N anonymous streams held by
 * a second process (bench/live-clients.mjs, all from 127.0.0.1 as behind carrier NAT), then K
 * listings posted one after another by a donor through POST /api/listings. For each posting it notes
 * when its transaction committed (the outbox's notification) and when each stream heard of that
 * listing.
 *
 *   npm run bench:live                              # 10,000 streams, 10 changes
 *   npm run bench:live -- --streams 2000 --changes 20
 *
 * Prints streams heard, p50/p95/max from commit to delivery, and the server's resident set per
 * stream. Asserts nothing.
 */
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { ALL_SAFETY_CHECKS_TICKED } from '../src/shared/reference-data'
import { sriLankaParts } from '../src/shared/sri-lanka-time'
import { signedInDonor, startInProcessApp } from './in-process-app'

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: process.env.BENCH_STREAMS ?? '10000' },
    changes: { type: 'string', default: process.env.BENCH_CHANGES ?? '10' },
    /** Between two postings, so that each one's deliveries are measured on their own. */
    gap: { type: 'string', default: '1500' },
  },
})
const STREAMS = Number(values.streams)
const CHANGES = Number(values.changes)
const GAP_MS = Number(values.gap)

const now = () => performance.timeOrigin + performance.now()
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

type FromClients =
  | { type: 'opened'; opened: number; refused: number }
  | { type: 'report'; report: (number | null)[][] }

async function main() {
  const { app, fromApp, close } = await startInProcessApp({ signUpAnswerMs: 0, jobs: { pollSeconds: 0.5 } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port

  const cookie = await signedInDonor(app)
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c2410c' } })
    .jpeg()
    .toBuffer()
  const boundary = `----bench${randomBytes(8).toString('hex')}`
  const upload = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...fromApp, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  })
  const imageUrl = (upload.json() as { url: string }).url
  const categories = (await app.inject({ url: '/api/categories' }).then((r) => r.json())) as {
    id: string
    slug: string
  }[]
  const bakery =
    categories.find((c) => c.slug === 'bakery') ?? categories.find((c) => c.slug !== 'prepared-meals')!

  const clients = fork(new URL('./live-clients.mjs', import.meta.url), { stdio: 'inherit' })
  const next = () =>
    new Promise<FromClients>((resolve) => clients.once('message', (m) => resolve(m as FromClients)))

  global.gc?.()
  const rssBefore = process.memoryUsage().rss
  const openedAt = performance.now()
  clients.send({ type: 'open', port, count: STREAMS })
  const opened = await next()
  if (opened.type !== 'opened') throw new Error('unexpected message')
  const openSeconds = (performance.now() - openedAt) / 1000
  await sleep(1000)
  global.gc?.()
  const rssHolding = process.memoryUsage().rss
  console.log(
    `streams: ${opened.opened} open, ${opened.refused} refused, in ${openSeconds.toFixed(1)} s; server holds ${app.services.realtime.clientCount()}`,
  )

  // The outbox's notification arrives at the commit of each posting (platform/outbox.ts): its time is
  // the commit's, which comes before the answer (the answer reads the listing back).
  let commitAt: number | undefined
  const unlisten = await app.services.database.listen('domain_events', () => {
    commitAt ??= now()
  })
  const committed = new Map<string, number>()
  const expiry = sriLankaParts(new Date(Date.now() + 10 * 3_600_000))
  for (let i = 0; i < CHANGES; i++) {
    commitAt = undefined
    const answer = await app.inject({
      method: 'POST',
      url: '/api/listings',
      headers: { ...fromApp, cookie },
      payload: {
        title: `Fresh bread ${i + 1}`,
        categoryId: bakery.id,
        description: 'Baked this morning.',
        quantity: 12,
        type: 'free',
        allergens: [],
        pickupAddress: '12 Galle Road',
        pickupCity: 'Dehiwala',
        pickupDistrict: 'Colombo',
        expiryDate: expiry.date,
        expiryTime: expiry.time,
        deliveryRequested: false,
        imageUrls: [imageUrl],
        safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
      },
    })
    if (answer.statusCode !== 201) throw new Error(`posting answered ${answer.statusCode}: ${answer.body}`)
    committed.set((answer.json() as { id: string }).id, commitAt ?? now())
    await sleep(GAP_MS)
  }
  await sleep(2000)
  await unlisten()

  const ids = [...committed.keys()]
  clients.send({ type: 'report', ids })
  const report = await next()
  if (report.type !== 'report') throw new Error('unexpected message')
  const latencies: number[] = []
  let heardAll = 0
  const perStream = report.report[0]?.map(() => 0) ?? []
  report.report.forEach((arrivals, change) => {
    const at = committed.get(ids[change]!)!
    arrivals.forEach((arrival, stream) => {
      if (arrival === null) return
      perStream[stream]! += 1
      latencies.push(arrival - at)
    })
  })
  for (const count of perStream) if (count === CHANGES) heardAll++
  latencies.sort((a, b) => a - b)
  const expected = opened.opened * CHANGES
  console.log(`changes: ${CHANGES} listings posted, ${GAP_MS} ms apart`)
  console.log(
    `heard: ${latencies.length} of ${expected} deliveries; ${heardAll} of ${opened.opened} streams heard all ${CHANGES}`,
  )
  console.log(
    `commit to delivery: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms`,
  )
  console.log(
    `server RSS: ${mb(rssBefore)} before, ${mb(rssHolding)} holding ${opened.opened} streams: ${kib((rssHolding - rssBefore) / Math.max(1, opened.opened))} a stream`,
  )

  clients.send({ type: 'close' })
  await close()
  process.exit(0)
}

await main()
