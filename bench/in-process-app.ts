import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../src/server/app'
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
