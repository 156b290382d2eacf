// Starts the built app for the e2e journeys on a fresh embedded database with demo data.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTileServer } from './tile-server.mjs'

const dataDir = mkdtempSync(join(tmpdir(), 'ahara-e2e-'))
// Map tiles from loopback, never the internet.
const tiles = await startTileServer()
// node itself (not npx) so that SIGTERM reaches the server and it shuts down.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT: '1000',
    PUBLIC_URL: `http://localhost:${process.env.PORT}`,
    MAP_TILES_URL: tiles.url,
  },
})
const stop = () => server.kill('SIGTERM')
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
server.on('exit', (code) => {
  tiles.close()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
