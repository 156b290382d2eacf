import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Set by the production build (scripts/build-server.mjs); undefined when tsx or vitest run the source. */
declare const __AHARA_BUILD__: boolean | undefined

const here = dirname(fileURLToPath(import.meta.url))
const built = typeof __AHARA_BUILD__ !== 'undefined' && __AHARA_BUILD__

/**
 * Files the server reads at run time. The build bundles the server into dist-server/*.js and copies
 * them beside it, so the built server needs no source tree (docs/decisions/0022-production-build.md).
 */
export const runtimeFiles = {
  /** Whether this is the built server (dist-server/), not the source run by tsx or vitest. */
  built,
  /** Where the built server's entries are (the report PDFs' worker among them). */
  serverDir: here,
  /** Drizzle's SQL migrations and their journal. */
  migrations: built ? join(here, 'migrations') : join(here, 'db', 'migrations'),
  /** The i18n catalogs the web app shares (mail and error texts). */
  locales: built ? join(here, 'locales') : join(here, '..', 'shared', 'locales'),
  /**
   * The Noto Sans fonts the monthly PDF embeds (Latin, Sinhala, Tamil; regular and bold), copied by the
   * build from the @fontsource packages.
   */
  fonts: built ? join(here, 'fonts') : join(here, '..', '..', 'node_modules', '@fontsource'),
  /** The built web app (vite build). */
  web: built ? join(here, '..', 'dist') : join(here, '..', '..', 'dist'),
}
