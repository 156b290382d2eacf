import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import type { ManifestTransform } from 'workbox-build'
import { startFiles } from './scripts/first-visit-files.mjs'
import { catalogs } from './scripts/vite/catalogs'
import { firstVisit } from './scripts/vite/first-visit'
import { lightIcons } from './scripts/vite/light-icons'
import { precompress } from './scripts/vite/precompress'
import { scriptFonts } from './scripts/vite/script-fonts'

const THEME = '#15803d'

/**
 * The precache keeps only the shell: index.html, the CSS and the scripts index.html loads before
 * the first render. Route chunks, catalogs and fonts are stored as a phone loads them (src/web/sw.ts),
 * so a phone never downloads routes, languages or scripts it does not use (docs/decisions/0033-offline-pwa.md).
 */
const shellOnly: ManifestTransform = (entries) => {
  const indexHtml = readFileSync('dist/index.html', 'utf8')
  const loadedByIndex = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]))
  // The start's later steps (React DOM, app-start.tsx), which main.tsx imports itself (0065).
  const manifestJson = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'))
  for (const file of startFiles(manifestJson).js) loadedByIndex.add(file)
  const manifest = entries.filter((entry) => !entry.url.startsWith('assets/') || loadedByIndex.has(entry.url))
  return { manifest, warnings: [] }
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    lightIcons('src/web/lib/lucide-icon.ts'),
    catalogs('src/shared/locales'),
    scriptFonts(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered by src/web/lib/service-worker.ts, which also shows 'Update available'.
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Ahara — share food, not waste',
        short_name: 'Ahara',
        description:
          'Ahara connects donors of surplus food with people who need it, and volunteers who deliver it, across Sri Lanka.',
        lang: 'en',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME,
        background_color: '#ffffff',
        categories: ['food', 'social'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['index.html', 'intl-warm-up.js', 'assets/*.{js,css}', 'favicon.svg', 'images/*.svg'],
        manifestTransforms: [shellOnly],
        sourcemap: false,
        // A classic script: every browser with service workers runs it.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    firstVisit('src/web/routes.tsx'),
    precompress(),
  ],
  resolve: {
    // React 19 has useSyncExternalStore: wouter's shim for older Reacts is left out (0043).
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('./scripts/vite/react-use-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The budgets of scripts/check-budgets.mjs read each route's files from it.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // A phone's first visit over HTTP/1.1 fetches six files at a time, and each costs a round trip:
        // left alone, the bundler made a file per icon and per small helper (26 for the home page). The
        // icons and the small shared helpers go in one file each, a few kilobytes more for 15 fewer
        // requests (docs/decisions/0041-first-visit-main-thread.md). Schemas stay out: they pull in zod.
        codeSplitting: {
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 3, priority: 2 },
            {
              name: 'common',
              // The phone parser stays in the chunk of the forms that load it (docs/decisions/0060-phone-numbers.md),
              // the offline queue in the signed-in ones that keep handovers (src/web/lib/offline-queue.ts).
              test: /src[\\/](web[\\/]lib|shared)[\\/](?!schemas|phone-parser|offline-queue)/,
              minShareCount: 2,
              maxModuleSize: 8000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
})
