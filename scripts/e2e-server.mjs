// Starts the built app for the e2e journeys on a fresh embedded database with demo data.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dataDir = mkdtempSync(join(tmpdir(), 'ahara-e2e-'))
const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT: '1000',
    PUBLIC_URL: `http://localhost:${process.env.PORT}`,
  },
})
const stop = () => server.kill('SIGTERM')
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
