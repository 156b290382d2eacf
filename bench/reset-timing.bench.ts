/**
 * A reset request (or a sign-in link request) must not tell who has an account by its time: prints
 * the median time of POST /api/password-resets (BENCH_ROUTE=sign-in-links: POST /api/sign-in-links)
 * for an e-mail with an account and one without, in process on in-memory PGlite
 * (docs/decisions/0045-hardening-after-outside-test.md, 0057-proved-email-and-sign-in-links.md).
 *
 *   npx tsx bench/reset-timing.bench.ts   # BENCH_RESETS=40 of each, BENCH_PORT=3280 by default
 *
 * Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import { startInProcessApp } from './in-process-app'

const ROUNDS = Number(process.env.BENCH_RESETS ?? 40)
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 50)
const PORT = Number(process.env.BENCH_PORT ?? 3280)
const ROUTE = process.env.BENCH_ROUTE === 'sign-in-links' ? 'sign-in-links' : 'password-resets'

/**
 * The client: warms both paths up, then asks for both kinds in each round, in a random order (a slow
 * moment of the machine falls on both alike), pausing after each as between one client's requests.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads')
const { url, origin, owner, rounds, pauseMs } = workerData
const ask = async (email) => {
  const started = performance.now()
  const res = await fetch(url, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  })
  await res.text()
  if (res.status !== 202) throw new Error('answered ' + res.status)
  return performance.now() - started
}
const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs))
;(async () => {
  for (let i = 0; i < 5; i++) { await ask(owner); await ask('nobody-warm-' + i + '@bench.ahara.lk') }
  const known = []
  const unknown = []
  for (let i = 0; i < rounds; i++) {
    const pair = [
      async () => known.push(await ask(owner)),
      async () => unknown.push(await ask('nobody-' + i + '-' + Math.random().toString(36).slice(2) + '@bench.ahara.lk')),
    ]
    if (Math.random() < 0.5) pair.reverse()
    for (const run of pair) { await run(); await pause() }
  }
  parentPort.postMessage({ known, unknown })
})()
`

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main() {
  const { app, fromApp, close } = await startInProcessApp({ signUpAnswerMs: 0 })
  const owner = `owner-${randomBytes(3).toString('hex')}@bench.ahara.lk`
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: fromApp,
    payload: {
      name: 'Bench Owner',
      email: owner,
      password: 'bench-pass-1',
      confirmPassword: 'bench-pass-1',
      location: 'Colombo 07',
      district: 'Colombo',
      role: 'recipient',
      agreeToTerms: true,
    },
  })
  if (signUp.statusCode !== 201) throw new Error(`sign-up answered ${signUp.statusCode}`)
  // Over a real socket, from another thread, as a client elsewhere would measure it: a client on
  // this thread would also wait for whatever the server runs here after the last byte is written
  // (PGlite's queries run on this thread), which no real client sees.
  await app.listen({ port: PORT, host: '127.0.0.1' })
  const client = new Worker(CLIENT, {
    eval: true,
    workerData: {
      url: `http://127.0.0.1:${PORT}/api/${ROUTE}`,
      origin: fromApp.origin,
      owner,
      rounds: ROUNDS,
      pauseMs: PAUSE_MS,
    },
  })
  const { known, unknown } = await new Promise<{ known: number[]; unknown: number[] }>((resolve, reject) => {
    client.once('message', resolve)
    client.once('error', reject)
  })
  await client.terminate()
  console.log(
    `POST /api/${ROUTE}, median of ${ROUNDS}: with an account ${median(known).toFixed(2)} ms, without ${median(unknown).toFixed(2)} ms`,
  )
  await close()
}

await main()
