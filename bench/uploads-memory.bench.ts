/**
 * Memory under a burst of large uploads: starts the app in process (in-memory PGlite), signs a donor
 * up, then fires 20 concurrent POST /api/uploads of one generated 40-megapixel JPEG and samples the
 * resident set size while they run.
 *
 *   npx tsx bench/uploads-memory.bench.ts            # BENCH_UPLOADS=20 by default
 *
 * Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import sharp from 'sharp'
import { signedInDonor, startInProcessApp } from './in-process-app'

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20)
/** 8000 x 5000: 40 megapixels, the largest image the server accepts. */
const WIDTH = 8000
const HEIGHT = 5000

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

function multipart(data: Buffer) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  )
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

async function main() {
  // Mild noise keeps the JPEG photo-like while staying under the 10 MB upload limit.
  const jpeg = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#c2410c',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 70 })
    .toBuffer()

  const { app, fromApp, close } = await startInProcessApp({ signUpAnswerMs: 0 })
  const cookie = await signedInDonor(app)
  const bodies = Array.from({ length: UPLOADS }, () => multipart(jpeg))

  global.gc?.()
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 5)
  const started = performance.now()
  const answers = await Promise.all(
    bodies.map(({ payload, headers }) =>
      app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { ...headers, ...fromApp, cookie },
      }),
    ),
  )
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)

  const statuses = answers.reduce<Record<number, number>>((count, a) => {
    count[a.statusCode] = (count[a.statusCode] ?? 0) + 1
    return count
  }, {})
  console.log(`${UPLOADS} concurrent uploads of a ${WIDTH}x${HEIGHT} JPEG (${mb(jpeg.length)})`)
  console.log(`answers: ${JSON.stringify(statuses)} in ${seconds.toFixed(1)} s`)
  console.log(`RSS before: ${mb(before)}  peak: ${mb(peak)}  increase: ${mb(peak - before)}`)
  console.log(`max RSS of the process (getrusage): ${mb(process.resourceUsage().maxRSS * 1024)}`)

  await close()
}

await main()
