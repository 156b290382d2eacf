/**
 * Kill -9 at random points: approvals, declines, cancellations and delivery steps against the real
 * server process (tsx, PGlite in a data folder) and a real SMTP peer, with the process SIGKILLed
 * right after an answer or in the middle of a request, and restarted. Afterwards every change that
 * was acknowledged (200) has exactly one bell and, for kinds with an e-mail, exactly one mail
 * (docs/decisions/0044-domain-events.md).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ALL_SAFETY_CHECKS_TICKED } from '../shared/reference-data'
import { sriLankaParts } from '../shared/sri-lanka-time'
import { loadConfig } from './config'
import { openConfiguredDatabase } from './db/open'
import { listings, notifications, users } from './db/schema'
import { completeWithoutCode, deliveryBody } from './test/bodies'
import { freePort } from './test/free-port'
import { startTestSmtp, type TestSmtp } from './test/smtp'

type Mail = { to: string; subject: string; messageId: string }

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?...?=`, long subjects) as text. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?[^?]+\?([QqBb])\?([^?]*)\?=(?:\s+(?==\?))?/g,
    (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
  )
}
/** The mails the SMTP peer received, one per recipient, with the headers the count reads. */
function received(): Mail[] {
  return smtp.received.flatMap(({ to, raw }) => {
    const head = raw.split(/\r?\n\r?\n/)[0] ?? ''
    const header = (name: string) =>
      head.match(new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im'))?.[1]?.replace(/\r?\n[ \t]/g, ' ') ??
      ''
    return to.map((address) => ({
      to: address,
      subject: decodeWords(header('Subject')),
      messageId: header('Message-ID'),
    }))
  })
}
let smtp: TestSmtp
let smtpPort: number
let port: number
let dataDir: string
let server: ChildProcess | undefined
let seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000)
/** A small deterministic generator: the seed in the output replays a failing run. */
function random() {
  seed = (seed * 48_271) % 2_147_483_647
  return seed / 2_147_483_647
}

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'ahara@test.ahara.lk',
    SESSION_SECRET: 'crash-test-secret-crash-test-secret-0123',
    AUTH_RATE_LIMIT: '10000',
    FAIR_USE_MAX_OPEN_ORDERS: '1000',
    FAIR_USE_MAX_DAILY_FREE_PORTIONS: '1000',
    FAIR_USE_NO_SHOWS_TO_PAUSE: '1000',
    LOG_LEVEL: 'error',
  }
}

let restarts = 0
let startMs = 0
let lastStartAt = 0
async function start() {
  restarts += 1
  const began = Date.now()
  lastStartAt = began
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: env(),
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // Generous: two cores shared with other test runs start tsx and PGlite slowly.
  const deadline = Date.now() + 180_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        startMs += Date.now() - began
        return
      }
    } catch {}
    if (Date.now() > deadline) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function kill(signal: NodeJS.Signals = 'SIGKILL') {
  const child = server
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
  server = undefined
}

type Session = { id: string; cookie: string; email: string }
/** The few fields of the answers this test reads. */
type Answer = { id: string; order: { id: string } }
async function call(
  method: string,
  path: string,
  session?: Session,
  body?: unknown,
): Promise<{ status: number; json: Answer; cookies?: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      origin: `http://127.0.0.1:${port}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session ? { cookie: session.cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { status: res.status, json: text ? JSON.parse(text) : null, cookies }
}

let userCount = 0
async function signUp(role: 'donor' | 'recipient' | 'volunteer'): Promise<Session> {
  userCount += 1
  const email = `crash${userCount}-${randomBytes(3).toString('hex')}@test.ahara.lk`
  const password = 'secret-pass-1'
  const res = await call('POST', '/api/users', undefined, {
    name: `Crash ${role} ${userCount}`,
    email,
    password,
    confirmPassword: password,
    location: 'Colombo 07',
    district: 'Colombo',
    phone: '0771234567',
    role,
    ...(role === 'donor' ? { donorType: 'home' } : {}),
    agreeToTerms: true,
  })
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.json)}`)
  const signIn = await call('POST', '/api/sessions', undefined, { email, password })
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.json)}`)
  return { id: signIn.json.id, cookie: signIn.cookies!, email }
}

/** A change to make, whom it tells, and with which bell (and e-mail, when the kind has one). */
type Change = {
  label: string
  method: string
  path: string
  actor: Session
  body?: unknown
  /** Who gets the bell, of which type, about which row. */
  told: { userId: string; email: string; type: string; relatedIds: string[]; mail: boolean }
  /** The change that must be acknowledged first (a delivery's steps are in order). */
  after?: Change
  outcome?: 'acknowledged' | 'unacknowledged'
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ahara-crash-'))
  ;[port, smtpPort] = [await freePort(), await freePort()]
  smtp = await startTestSmtp(smtpPort)
}, 120_000)

afterAll(async () => {
  await kill('SIGTERM').catch(() => {})
  await smtp?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

it('every acknowledged change has exactly one bell and one e-mail, whenever the process is killed', async () => {
  const approvals = 4
  const declines = 2
  const cancellations = 2
  const deliveryOrders = 2
  console.log(`crash test seed: ${seed}`)

  await start()
  const donor = await signUp('donor')
  const volunteer = await signUp('volunteer')
  const requesters: Session[] = []
  for (let i = 0; i < approvals + declines + cancellations + deliveryOrders; i++) {
    requesters.push(await signUp('recipient'))
  }
  await kill('SIGTERM')

  // A listing per order, and a verified volunteer, straight in the database while no server runs.
  // Each lasts long enough for the first delivery time whatever the hour (the night has none).
  const database = await openConfiguredDatabase(loadConfig(env()))
  const expiresAt = new Date(Date.now() + 30 * 3_600_000)
  const listingIds: string[] = []
  for (let i = 0; i < requesters.length; i++) {
    const [row] = await database.db
      .insert(listings)
      .values({
        donorId: donor.id,
        title: `Crash test rice ${i}`,
        description: 'Cooked this morning',
        quantity: 5,
        initialQuantity: 5,
        type: 'free',
        price: 0,
        pickupAddress: '12 Galle Road',
        pickupCity: 'Colombo',
        pickupDistrict: 'Colombo',
        expiresAt,
        safetyChecklist: ALL_SAFETY_CHECKS_TICKED,
      })
      .returning({ id: listings.id })
    listingIds.push(row!.id)
  }
  await database.db.update(users).set({ isVerified: true }).where(eq(users.id, volunteer.id))
  await database.close()

  await start()
  const pickup = sriLankaParts(new Date(Date.now() + 30 * 60_000))
  const claim = async (i: number) => {
    const res = await call('POST', `/api/listings/${listingIds[i]}/claims`, requesters[i], {
      quantity: 1,
      pickupDate: pickup.date,
      pickupTime: pickup.time,
      contactMethod: 'phone',
      phone: '0771234567',
    })
    if (res.status !== 201) throw new Error(`claim failed: ${JSON.stringify(res.json)}`)
    return res.json.id as string
  }
  const changes: Change[] = []
  let i = 0
  for (; i < approvals; i++) {
    const id = await claim(i)
    const r = requesters[i]!
    changes.push({
      label: `approve ${i}`,
      method: 'POST',
      path: `/api/claims/${id}/approve`,
      actor: donor,
      told: { userId: r.id, email: r.email, type: 'claim_approved', relatedIds: [id], mail: true },
    })
  }
  for (; i < approvals + declines; i++) {
    const id = await claim(i)
    const r = requesters[i]!
    changes.push({
      label: `decline ${i}`,
      method: 'POST',
      path: `/api/claims/${id}/decline`,
      actor: donor,
      told: { userId: r.id, email: r.email, type: 'claim_declined', relatedIds: [id], mail: true },
    })
  }
  for (; i < approvals + declines + cancellations; i++) {
    const id = await claim(i)
    changes.push({
      label: `cancel ${i}`,
      method: 'POST',
      path: `/api/claims/${id}/cancel`,
      actor: requesters[i]!,
      told: { userId: donor.id, email: donor.email, type: 'order_cancelled', relatedIds: [id], mail: false },
    })
  }
  for (; i < requesters.length; i++) {
    const r = requesters[i]!
    const res = await call(
      'POST',
      `/api/listings/${listingIds[i]}/deliveries`,
      r,
      deliveryBody({}, { pickupDate: null, pickupTimeStart: null, pickupTimeEnd: null, expiresAt }),
    )
    if (res.status !== 201) throw new Error(`delivery failed: ${JSON.stringify(res.json)}`)
    const { id: deliveryId, order } = res.json as { id: string; order: { id: string } }
    const related = [deliveryId, order.id]
    const tell = (type: string) => ({ userId: r.id, email: r.email, type, relatedIds: related, mail: true })
    const approve: Change = {
      label: `approve delivery ${i}`,
      method: 'POST',
      path: `/api/claims/${order.id}/approve`,
      actor: donor,
      told: tell('claim_approved'),
    }
    const accept: Change = {
      label: `accept delivery ${i}`,
      method: 'POST',
      path: `/api/deliveries/${deliveryId}/accept`,
      actor: volunteer,
      told: tell('delivery_assigned'),
      after: approve,
    }
    const pickUp: Change = {
      label: `pick up delivery ${i}`,
      method: 'POST',
      path: `/api/deliveries/${deliveryId}/pick-up`,
      actor: volunteer,
      told: tell('delivery_picked_up'),
      after: accept,
    }
    const complete: Change = {
      label: `deliver delivery ${i}`,
      method: 'POST',
      path: `/api/deliveries/${deliveryId}/complete`,
      actor: volunteer,
      body: completeWithoutCode,
      told: tell('delivery_completed'),
      after: pickUp,
    }
    changes.push(approve, accept, pickUp, complete)
  }
  // Let the orders' own notices go out before the kills begin; only the changes below are counted.
  await new Promise((resolve) => setTimeout(resolve, 3_000))

  // Random order, a delivery's steps after each other; SIGKILL right after an answer or mid-request.
  const pending = [...changes]
  while (pending.length > 0) {
    const ready = pending.filter((c) => !c.after || c.after.outcome)
    const change = ready[Math.floor(random() * ready.length)]!
    pending.splice(pending.indexOf(change), 1)
    console.log(`${new Date().toISOString()} ${change.label} (${pending.length} to go, ${restarts} starts)`)
    const killMidRequest = random() < 0.2
    const request = call(change.method, change.path, change.actor, change.body).catch(() => undefined)
    if (killMidRequest) {
      await new Promise((resolve) => setTimeout(resolve, random() * 40))
      await kill()
    }
    const res = await request
    if (res?.status === 200) change.outcome = 'acknowledged'
    else if (res) throw new Error(`${change.label}: ${res.status} ${JSON.stringify(res.json)}`)
    if (!server) {
      await start()
      if (!change.outcome) {
        // Killed before the answer: the change committed or not; trying again tells which.
        const again = await call(change.method, change.path, change.actor, change.body)
        change.outcome = again.status === 200 ? 'acknowledged' : 'unacknowledged'
      }
    } else if (random() < 0.3) {
      await kill()
      await start()
    }
  }

  // Whatever is still to be delivered has three minutes after the last start: a delivery cut off by a
  // kill is tried again once its try expires (a minute) and maintenance finds it (30 s), after the
  // retry delay (docs/decisions/0044-domain-events.md).
  const mailsExpected = changes.filter((c) => c.told.mail).length
  // Mails as the reader's mail program shows them: one per Message-ID. SMTP is at least once, so a
  // kill between the peer's 250 and the `sent` mark sends the same message again under the same
  // Message-ID (docs/decisions/0044-domain-events.md); a second mail of a change has a new one.
  const mailsOf = (c: Change) =>
    new Set(
      received()
        .filter((m) => m.to === c.told.email && SUBJECTS[c.told.type]?.test(m.subject))
        .map((m) => m.messageId),
    ).size
  const deadline = Date.now() + 180_000
  // Bells cannot be read while the server holds the database, and a bell cut off by a kill comes
  // back on the same clock as a mail: so every mail, and at least the expiry, maintenance and retry
  // delay (60 + 30 + 30 s) after the last start, with some slack.
  const settled = lastStartAt + 130_000
  while (
    Date.now() < deadline &&
    (Date.now() < settled || changes.some((c) => c.told.mail && mailsOf(c) < 1))
  ) {
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  await kill('SIGTERM')

  const check = await openConfiguredDatabase(loadConfig(env()))
  const bellsOf = async (c: Change) =>
    (
      await check.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, c.told.userId),
            eq(notifications.type, c.told.type as never),
            inArray(notifications.relatedId, c.told.relatedIds),
          ),
        )
    ).length
  const rows: { change: string; outcome: string; bells: number; mails: number }[] = []
  for (const c of changes) {
    rows.push({ change: c.label, outcome: c.outcome ?? '-', bells: await bellsOf(c), mails: mailsOf(c) })
  }
  await check.close()

  const mails = received()
  const acknowledged = rows.filter((r) => r.outcome === 'acknowledged')
  const withMail = changes.filter((c) => c.outcome === 'acknowledged' && c.told.mail)
  const summary = {
    seed: Number(process.env.CRASH_SEED ?? 0) || undefined,
    starts: restarts,
    averageStartMs: Math.round(startMs / restarts),
    changes: changes.length,
    acknowledged: acknowledged.length,
    bells: acknowledged.reduce((n, r) => n + r.bells, 0),
    changesWithoutBell: acknowledged.filter((r) => r.bells === 0).length,
    changesWithDuplicateBells: acknowledged.filter((r) => r.bells > 1).length,
    mailsExpected: withMail.length,
    mails: withMail.reduce((n, c) => n + mailsOf(c), 0),
    changesWithoutMail: withMail.filter((c) => mailsOf(c) === 0).length,
    changesWithDuplicateMails: withMail.filter((c) => mailsOf(c) > 1).length,
    smtpMessages: mails.length,
    distinctMessageIds: new Set(mails.map((m) => m.messageId)).size,
  }
  console.log('crash test:', JSON.stringify(summary))
  const counted = new Set(
    changes.flatMap((c) =>
      mails.filter((m) => m.to === c.told.email && SUBJECTS[c.told.type]?.test(m.subject)),
    ),
  )
  console.log(
    'other mails:',
    mails.filter((m) => !counted.has(m)).map((m) => m.subject),
  )
  console.table(rows)
  expect(mailsExpected).toBeGreaterThan(0)
  expect(acknowledged.map((r) => [r.change, r.bells])).toEqual(acknowledged.map((r) => [r.change, 1]))
  expect(withMail.map((c) => [c.label, mailsOf(c)])).toEqual(withMail.map((c) => [c.label, 1]))
}, 1_500_000)

/** The English subjects of the kinds counted (the approval's own, else notifications.<type>.title). */
const SUBJECTS: Record<string, RegExp> = {
  claim_approved: /^Approved: your food/,
  claim_declined: /^Claim Declined$/,
  delivery_assigned: /^Volunteer Assigned$/,
  delivery_picked_up: /^Food Picked Up$/,
  delivery_completed: /^Delivery Completed$/,
}
