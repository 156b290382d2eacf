/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, at the highest
 * levels: the server sends them as they are (@fastify/static preCompressed) and never compresses an
 * asset per request (docs/decisions/0032-web-performance.md).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function* filesIn(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) yield* filesIn(path)
    else yield path
  }
}

export async function precompressFolder(folder: string): Promise<number> {
  let count = 0
  const jobs: Promise<void>[] = []
  for await (const path of filesIn(folder)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue
    count++
    jobs.push(
      readFile(path).then(async (content) => {
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ])
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
      }),
    )
  }
  await Promise.all(jobs)
  return count
}

export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'ahara-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    // Last and alone: the service worker plugin writes sw.js in its own closeBundle, and a copy
    // made while it writes would be served truncated.
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const count = await precompressFolder(outDir)
        this.info(`brotli and gzip copies of ${count} files`)
      },
    },
  }
}
