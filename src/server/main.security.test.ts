import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from './test/free-port'

/**
 * The real server process: what an operator starts. These tests open the embedded database in a
 * folder of their own, so they run once, in the PGlite pass (the PostgreSQL pass covers a new
 * install in app.security.test.ts).
 */
const folders: string[] = []
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ahara-main-'))
  folders.push(dir)
  return dir
}

type Server = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> }

function start(env: Record<string, string>, port: number): Server {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !['NODE_ENV', 'DATABASE_URL', 'TEST_DB'].includes(name)),
  )
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...clean, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, port, output: () => output, exited }
}

/** A minute: a start migrates and seeds a new database, slower while other test files run. */
async function whenUp(server: Server): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`)
    const up = await fetch(`http://127.0.0.1:${server.port}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server did not start: ${server.output()}`)
}

async function stop(server: Server): Promise<{ code: number | null; ms: number }> {
  const started = Date.now()
  server.child.kill('SIGTERM')
  const code = await server.exited
  return { code, ms: Date.now() - started }
}

const firstNonLoopbackAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host)
    socket.on('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })

const signInDemo = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email: 'saman@demo.ahara.lk', password: 'ahara-demo-2026' }),
  }).then((r) => r.status)

describe.skipIf(process.env.TEST_DB === 'postgres')('the server process', { timeout: 120_000 }, () => {
  it('in demo mode serves the demo on loopback only; production then refuses that database until the demo is removed', async () => {
    const dataDir = newDataDir()
    const demo = start({ NODE_ENV: 'development', DATA_DIR: dataDir }, await freePort())
    await whenUp(demo)
    expect(await signInDemo(demo.port)).toBe(200)
    expect((await fetch(`http://127.0.0.1:${demo.port}/api/dev/mailbox`)).status).toBe(200)
    const lan = firstNonLoopbackAddress()
    if (lan) expect(await connects(lan, demo.port)).toBe(false)
    expect(await stop(demo)).toMatchObject({ code: 0 })

    const port = await freePort()
    const refused = start({ DATA_DIR: dataDir }, port)
    expect(await refused.exited).toBe(1)
    expect(refused.output()).toContain('npm run admin -- remove-demo')

    const removal = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/admin-cli.ts', 'remove-demo'],
      {
        env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    )
    expect(removal.stdout).toContain('Removed 12 demo accounts')
    const production = start({ DATA_DIR: dataDir }, port)
    await whenUp(production)
    expect(await signInDemo(port)).toBe(401)
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`)).status).toBe(404)
    await stop(production)
  })

  // Every refused combination is in config.security.test.ts; this is the operator's view of one.
  it('refuses demo mode on a network address, naming the setting', async () => {
    const server = start(
      { NODE_ENV: 'development', HOST: '0.0.0.0', DATA_DIR: newDataDir() },
      await freePort(),
    )
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('HOST must be a loopback address in NODE_ENV=development (demo mode)')
  })

  it('starts in production by default with no demo accounts, and exits cleanly on SIGTERM with a client that never finishes', async () => {
    const dataDir = newDataDir()
    // A lock left by a crash, naming a PID that now belongs to another live process (this one).
    writeFileSync(join(dataDir, 'pglite.lock'), JSON.stringify({ pid: process.pid, started: '1' }))
    const server = start({ DATA_DIR: dataDir }, await freePort())
    await whenUp(server)
    expect(await signInDemo(server.port)).toBe(401)
    const agent = await fetch(`http://127.0.0.1:${server.port}/api/health`, { keepalive: true })
    expect(agent.status).toBe(200)
    const slow = net.connect(server.port, '127.0.0.1', () =>
      slow.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'),
    )
    slow.on('error', () => {})
    await new Promise((r) => setTimeout(r, 200))
    const { code, ms } = await stop(server)
    expect(code).toBe(0)
    expect(ms).toBeLessThan(10_000)
  })

  it('still refuses a data folder that a live server holds', async () => {
    const dataDir = newDataDir()
    const first = start({ DATA_DIR: dataDir }, await freePort())
    await whenUp(first)
    const second = start({ DATA_DIR: dataDir }, await freePort())
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('The embedded database is in use by process')
    await stop(first)
  })
})
