import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { catalogs } from './scripts/vite/catalogs'
import { precompress } from './scripts/vite/precompress'

export default defineConfig({
  plugins: [react(), tailwindcss(), catalogs('src/shared/locales'), precompress()],
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
  },
})
