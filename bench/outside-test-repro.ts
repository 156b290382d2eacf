/**
 * The outside test's reproductions (issue 28), re-run in process on in-memory PGlite with the real
 * limits; prints one line per finding. Runs on older code too (only the HTTP API is used).
 *
 *   npx tsx bench/outside-test-repro.ts            # TRUST_PROXY off; REPRO_TRUST_PROXY=1 for on
 *
 * Prints figures. Issue 37's part (bench/repro-limits.ts) asserts what the issue expects: a failed
 * expectation is printed with ✗ and the exit code is 1.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { prepareDatabase } from '../src/server/db/reference-data'
import { mailOutbox } from '../src/server/db/schema'
import { startTestSmsc } from '../src/server/test/smsc'
import { reproduceLimits } from './repro-limits'

const trustProxy = process.env.REPRO_TRUST_PROXY === '1'
let counter = 0
const nextAddress = () => {
  counter += 1
  return `198.51.${Math.floor(counter / 250)}.${(counter % 250) + 1}`
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ahara-repro-'))
  const database = await openDatabase({ kind: 'pglite' })
  await prepareDatabase(database)
  const smsc = await startTestSmsc()
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT: '10',
    SMS_URL: smsc.url,
    SMS_FROM: 'Ahara',
    ...(trustProxy ? { TRUST_PROXY: '1' } : {}),
  })
  const app = await buildApp({ config, database, jobs: { tickMs: 0, pollSeconds: 0.5 }, signUpAnswerMs: 0 })
  await app.ready()
  const origin = config.publicUrl
  const from = (address: string) =>
    trustProxy ? { headers: { 'x-forwarded-for': address } } : { remoteAddress: address, headers: {} }
  const signIn = (address: string, email: string, password: string) => {
    const { headers, ...rest } = from(address)
    return app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { email, password },
      headers: { ...headers, origin },
      ...rest,
    })
  }
  const newUser = async (phone?: string, role = 'recipient') => {
    const email = `repro-${randomBytes(4).toString('hex')}@example.lk`
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { origin },
      remoteAddress: nextAddress(),
      payload: {
        name: 'Repro User',
        email,
        password: 'right-pass-1',
        confirmPassword: 'right-pass-1',
        location: 'Colombo 07',
        district: 'Colombo',
        role,
        ...(phone ? { phone } : {}),
        agreeToTerms: true,
      },
    })
    if (res.statusCode !== 201) throw new Error(`sign-up ${res.statusCode} ${res.body}`)
    return email
  }
  const line = (label: string, value: string) => console.log(`${label.padEnd(62)} ${value}`)
  console.log(`TRUST_PROXY ${trustProxy ? 'on (1)' : 'off'}, AUTH_RATE_LIMIT 10`)

  // 1. Lock-out by a stranger, and after a reset.
  const owner = await newUser()
  const stranger = nextAddress()
  const wrong: number[] = []
  for (let i = 0; i < 12; i++) wrong.push((await signIn(stranger, owner, 'wrong-pass')).statusCode)
  line('1. 12 wrong passwords from one address', summary(wrong))
  line(
    '   owner, right password, another address',
    String((await signIn(nextAddress(), owner, 'right-pass-1')).statusCode),
  )
  const owner2 = await newUser()
  for (let i = 0; i < 12; i++) await signIn(nextAddress(), owner2, 'wrong-pass')
  line(
    '   12 wrong from 12 addresses, then owner (new device)',
    String((await signIn(nextAddress(), owner2, 'right-pass-1')).statusCode),
  )
  await app.inject({
    method: 'POST',
    url: '/api/password-resets',
    headers: { origin },
    payload: { email: owner2 },
  })
  let token: string | null = null
  for (let i = 0; i < 100 && !token; i++) {
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, owner2))
      .orderBy(desc(mailOutbox.createdAt))
    token = mail?.text.match(/token=([\w-]+)/)?.[1] ?? null
    if (!token) await new Promise((r) => setTimeout(r, 50))
  }
  const done = await app.inject({
    method: 'POST',
    url: '/api/password-resets/complete',
    headers: { origin },
    payload: { token, password: 'new-pass-22', confirmPassword: 'new-pass-22' },
  })
  line(
    '   after a completed reset (200), the new password',
    `${done.statusCode} -> ${(await signIn(nextAddress(), owner2, 'new-pass-22')).statusCode}`,
  )

  // 2. better-auth's own routes.
  const victim = await newUser()
  const session = await signIn(nextAddress(), victim, 'right-pass-1')
  const cookie = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const oracle: number[] = []
  for (let i = 0; i < 12; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-password',
      headers: { origin, cookie, 'x-forwarded-for': nextAddress() },
      payload: { password: i === 11 ? 'right-pass-1' : `guess-${i}` },
    })
    oracle.push(res.statusCode)
  }
  line('2. 12 guesses at /api/auth/verify-password with a session', summary(oracle))
  const change = await app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { origin, cookie },
    payload: { currentPassword: 'guess', newPassword: 'another-pass-1' },
  })
  line('   /api/auth/change-password', String(change.statusCode))

  // 3. Carrier NAT: 20 people behind one address within a minute.
  const people: string[] = []
  for (let i = 0; i < 20; i++) people.push(await newUser())
  const shared = nextAddress()
  const started = Date.now()
  const nat: number[] = []
  for (const person of people) nat.push((await signIn(shared, person, 'right-pass-1')).statusCode)
  line(
    '3. 20 people sign in behind one address',
    `${summary(nat)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )

  // 5. Broken multipart bodies.
  const broken: number[] = []
  for (const [type, body] of [
    [
      'multipart/form-data; boundary=b1',
      '--b1\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
    ],
    ['multipart/form-data', '--b1\r\n\r\nabc\r\n--b1--\r\n'],
    ['multipart/form-data; boundary=b1', '--b1\r\nContent-Disposition: form-data; name="file"'],
  ]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { origin, cookie, 'content-type': type! },
      payload: body,
    })
    broken.push(res.statusCode)
  }
  line('5. 3 broken multipart bodies on /api/uploads', summary(broken))

  const failed = await reproduceLimits({ app, database, smsc, origin, nextAddress, newUser, line, summary })
  if (failed > 0) process.exitCode = 1

  await app.close()
  await database.close()
  await smsc.close()
  rmSync(dataDir, { recursive: true, force: true })
}

/** "5×401, 7×429" */
function summary(statuses: number[]): string {
  const counts = new Map<number, number>()
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1)
  return [...counts].map(([status, n]) => `${n}×${status}`).join(', ')
}

await main()
// The SMPP peer's sockets can outlive its close by a while; the figures are printed by now.
process.exit(process.exitCode ?? 0)
