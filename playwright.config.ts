import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './e2e/fixtures/chromium'

const port = Number(process.env.E2E_PORT ?? 3100)

/** Journeys in Debian's Chromium against the built app on a fresh embedded database. */
export default defineConfig({
  testDir: 'e2e',
  // Twice what a journey takes alone on the slowest host seen: there two workers made the longest
  // ones (34 s alone) pass 60 s, and the same build passed on a host that does half the work per BI
  // (docs/decisions/0065-light-on-the-cheapest-phone.md, third addendum).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Two files at a time against the one server: each journey makes its own accounts and listings,
  // and the suite took 8 minutes this way instead of about 20 (two cores, other work running).
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // Recording a trace costs every journey a fifth of its CPU: CI records it only for the retry of
    // a journey that failed (docs/decisions/0075-ci-in-thirty-minutes.md, addendum).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: { PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
