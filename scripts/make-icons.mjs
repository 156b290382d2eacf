// Renders the app icons of the web manifest from the logo (public/favicon.svg's drawing) with sharp.
// Run `node scripts/make-icons.mjs` after a change to the logo; its output in public/icons is committed.
import { mkdir } from 'node:fs/promises'
import sharp from 'sharp'

const BRAND = '#15803d'
const CREAM = '#fef3c7'
// The bowl and steam of the logo, in a 64×64 box centred on (32, 30).
const MARK = `<path d="M18 36c0-8 6-14 14-14s14 6 14 14H18z" fill="${CREAM}"/><rect x="14" y="36" width="36" height="5" rx="2.5" fill="${CREAM}"/><path d="M32 14c3 2 3 6 0 8" stroke="${CREAM}" stroke-width="3" fill="none" stroke-linecap="round"/>`

/** The logo as drawn: a green disc on a transparent square ('any' purpose). */
const round = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="31" fill="${BRAND}"/>${MARK}</svg>`

/**
 * Full-bleed green with the mark inside the safe zone (the central circle of 80 % of the width),
 * so a launcher may cut it to any shape ('maskable' purpose).
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 32) scale(0.9) translate(-32 -27.5)">${MARK}</g></svg>`

const icons = [
  { file: 'icon-192.png', svg: round, size: 192 },
  { file: 'icon-512.png', svg: round, size: 512 },
  { file: 'maskable-192.png', svg: fullBleed, size: 192 },
  { file: 'maskable-512.png', svg: fullBleed, size: 512 },
  // iOS puts its own rounded corners on an opaque square.
  { file: 'apple-touch-icon-180.png', svg: fullBleed, size: 180 },
]

const outDir = new URL('../public/icons/', import.meta.url)
await mkdir(outDir, { recursive: true })
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(new URL(file, outDir).pathname)
  console.log(`public/icons/${file} ${size}×${size}`)
}
