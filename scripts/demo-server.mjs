/**
 * The built server (`node dist-server/main.js`) in demo mode on a temporary data directory, for the
 * measurements of the built app: bench/web.bench.mjs and the long-task guard of
 * scripts/check-budgets.mjs. The demo seed gives the pages their listings, figures and stories.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** `cwd`: the checkout whose build is served (another worktree, for an A/B of two builds). */
export async function startDemoServer(port, { cwd = process.cwd() } = {}) {
  const origin = `http://localhost:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'ahara-demo-server-'))
  const server = spawn(process.execPath, ['dist-server/main.js'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    },
  })
  const exited = new Promise((resolve) => server.on('exit', resolve))
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitUntilReady(server, origin)
    return { origin, listingPath: await demoListingPath(origin), stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function waitUntilReady(server, origin) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server stopped with code ${server.exitCode}`)
    try {
      const response = await fetch(`${origin}/api/health/ready`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await pause(500)
  }
  throw new Error('the server did not become ready')
}

/** The seed runs after the server is ready on a new directory: wait until a listing is there. */
async function demoListingPath(origin) {
  for (let attempt = 0; attempt < 120; attempt++) {
    const response = await fetch(`${origin}/api/listings`)
    if (response.ok) {
      const body = await response.json()
      const first = body.items?.[0]
      if (first) return `/listings/${first.id}`
    }
    await pause(500)
  }
  throw new Error('no demo listing found')
}
