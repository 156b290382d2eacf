import { type ChildProcess, spawn } from 'node:child_process'
import { freePort } from './free-port'

/**
 * A Redis of the test's own (Debian's redis-server, which scripts/test-all.sh installs) on a free
 * loopback port, nothing saved to disk: tests may stop it to see what the app does without Redis.
 */
export async function startRedisServer() {
  const port = await freePort()
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const ready = new Promise<void>((resolve, reject) => {
    let output = ''
    child.once('error', (error) =>
      reject(new Error(`redis-server could not start (apt-get install redis-server): ${error.message}`)),
    )
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)))
  })
  await ready
  let running = true
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (!running) return
      running = false
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}
