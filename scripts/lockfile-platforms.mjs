// Adds to package-lock.json the other platforms' native builds that npm left out: the registry
// mirror this lockfile was written against does not serve them, so npm drops them from the lock,
// and `npm ci` then refuses the lock as out of sync (docs/decisions/0022-production-build.md).
// Each entry names its platform (os, cpu, libc), so npm skips it here and fetches it on that platform.
// Run after `npm install` changes the lockfile: node scripts/lockfile-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs'

const LOCK = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(LOCK, 'utf8'))
const packages = lock.packages

/** os, cpu and libc from a native package's name, e.g. cli-linux-x64-musl, oxide-win32-arm64-msvc. */
function platformOf(name) {
  const tail = name.split('/').pop()
  if (tail.endsWith('wasm32-wasi')) return { cpu: ['wasm32'] }
  const match = tail.match(
    /(android|darwin|freebsd|linux|openbsd|openharmony|win32)-(arm64|x64|arm|ia32|loong64|ppc64|riscv64|s390x)(?:-(gnu|musl|msvc|gnueabihf|musleabihf|eabi))?$/,
  )
  if (!match) return undefined
  const [, os, cpu, abi] = match
  return {
    os: [os],
    cpu: [cpu],
    ...(abi?.startsWith('musl')
      ? { libc: ['musl'] }
      : abi === 'gnu' || abi === 'gnueabihf'
        ? { libc: ['glibc'] }
        : {}),
  }
}

let added = 0
for (const [path, entry] of Object.entries(packages)) {
  if (!path.startsWith('node_modules/') || !entry.optionalDependencies) continue
  const parentDir = path
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const nested = `${parentDir}/node_modules/${name}`
    const hoisted = `node_modules/${name}`
    if (packages[nested] || packages[hoisted]) continue
    const platform = platformOf(name)
    if (!platform) continue
    packages[hoisted] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
      ...(entry.engines ? { engines: entry.engines } : {}),
    }
    added += 1
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`)
console.log(
  added === 0
    ? 'package-lock.json already lists every platform.'
    : `Added ${added} platform packages to package-lock.json.`,
)
