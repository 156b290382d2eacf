// Runs npm scripts at the same time, for steps of `npm test` that mostly wait (the crash test's
// restarts and its three minutes of retries) beside one that computes (docs/decisions/0075-ci-in-thirty-minutes.md).
// The first script's output streams as it comes; each other's is held and printed whole when it ends,
// so the log reads step by step. Fails when any script fails, after all have ended.
import { spawn } from 'node:child_process'

const scripts = process.argv.slice(2)
if (scripts.length < 2) {
  console.error('usage: node scripts/side-by-side.mjs <npm script> <npm script> [...]')
  process.exit(2)
}

const children = []
/** Ends with whether the script passed and, unless it streamed, what it printed. */
function run(script, streamed) {
  const child = spawn('npm', ['run', script], { stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  const held = []
  if (!streamed) {
    child.stdout.on('data', (chunk) => held.push(chunk))
    child.stderr.on('data', (chunk) => held.push(chunk))
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) =>
      resolve({ script, ok: code === 0, end: signal ?? code, output: Buffer.concat(held) }),
    )
  })
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal)
    process.exit(1)
  })
}

const [first, ...others] = scripts
const running = [run(first, true), ...others.map((script) => run(script, false))]
const results = []
for (const result of running) {
  const { script, ok, end, output } = await result
  if (script !== first) {
    process.stdout.write(`\n==== npm run ${script} (beside npm run ${first}) ====\n`)
    process.stdout.write(output)
  }
  process.stdout.write(`\n==== npm run ${script}: ${ok ? 'passed' : `failed (${end})`} ====\n`)
  results.push(ok)
}
process.exit(results.every(Boolean) ? 0 : 1)
