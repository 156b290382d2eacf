import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { prepareDatabase } from '../src/server/db/reference-data'
import type { JobsOptions } from '../src/server/platform/jobs'

/**
 * The app in this process on an in-memory PGlite, for benchmarks: per-user budgets out of the way,
 * the real sign-up timing unless `signUpAnswerMs` says otherwise. `fromApp` is the Origin its writes need.
 */
export async function startInProcessApp(options: { signUpAnswerMs?: number; jobs?: JobsOptions } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ahara-bench-'))
  const database = await openDatabase({ kind: 'pglite' })
  await prepareDatabase(database)
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT: '100000',
  })
  // The job queue idles unless asked (`jobs`): the outbox then delivers only when a bench settles it.
  const app = await buildApp({ config, database, jobs: { tickMs: 0 }, limitScale: 1000, ...options })
  await app.ready()
  return {
    app,
    fromApp: { origin: config.publicUrl },
    async close() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Signs up a donor through the API and signs them in; answers the session's cookie header. */
export async function signedInDonor(app: App): Promise<string> {
  const email = `bench-${randomBytes(3).toString('hex')}@test.ahara.lk`
  const password = 'bench-pass-1'
  await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { origin: app.services.config.publicUrl },
    payload: {
      name: 'Bench Donor',
      email,
      password,
      confirmPassword: password,
      location: 'Colombo 07',
      district: 'Colombo',
      phone: '0771234567',
      role: 'donor',
      agreeToTerms: true,
    },
  })
  const session = await app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: { origin: app.services.config.publicUrl },
    payload: { email, password },
  })
  const cookie = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  return cookie
}
