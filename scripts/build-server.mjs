// Compiles the server and its command-line tools to plain JavaScript in dist-server/, so production
// runs `node` with no TypeScript runtime and no bundler (docs/decisions/0022-production-build.md).
// npm packages stay imports (installed with npm ci, kept by npm prune --omit=dev); the files the
// server reads at run time (migrations, locale catalogs) are copied beside the bundle.
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}dist-server`

/** The fonts the monthly report embeds: FONT_FILES in src/server/features/reports/pdf.ts. */
const REPORT_FONTS = [
  'noto-sans/files/noto-sans-latin',
  'noto-sans-sinhala/files/noto-sans-sinhala-sinhala',
  'noto-sans-tamil/files/noto-sans-tamil-tamil',
].flatMap((prefix) => [`${prefix}-400-normal.woff`, `${prefix}-700-normal.woff`])

const entryPoints = {
  main: 'src/server/main.ts',
  'migrate-cli': 'src/server/db/migrate-cli.ts',
  'seed-cli': 'src/server/db/seed-cli.ts',
  'admin-cli': 'src/server/admin-cli.ts',
  'backup-cli': 'src/server/backup/backup-cli.ts',
  'restore-cli': 'src/server/backup/restore-cli.ts',
  // The report PDFs' worker thread (src/server/features/reports/renderer.ts).
  'pdf-worker': 'src/server/features/reports/pdf-worker.ts',
}

rmSync(out, { recursive: true, force: true })
const started = Date.now()
const result = await build({
  absWorkingDir: root,
  entryPoints,
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  // Shared code in chunks beside the entries: every file sits in dist-server/, which
  // src/server/runtime-files.ts relies on.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  sourcemap: true,
  define: { __AHARA_BUILD__: 'true' },
  metafile: true,
  logLevel: 'warning',
})
cpSync(`${root}src/server/db/migrations`, `${out}/migrations`, { recursive: true })
cpSync(`${root}src/shared/locales`, `${out}/locales`, {
  recursive: true,
  filter: (path) => !path.endsWith('.ts'),
})
// The monthly report's fonts (src/server/features/reports/pdf.ts), in the folders it reads them from.
for (const file of REPORT_FONTS) {
  mkdirSync(dirname(`${out}/fonts/${file}`), { recursive: true })
  cpSync(`${root}node_modules/@fontsource/${file}`, `${out}/fonts/${file}`)
}

const packages = new Set()
for (const file of Object.values(result.metafile.outputs)) {
  for (const { path, external } of file.imports) {
    if (external && !path.startsWith('node:'))
      packages.add(path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0])
  }
}
console.log(
  `dist-server/ built in ${Date.now() - started} ms; packages it imports: ${[...packages].sort().join(', ')}`,
)
