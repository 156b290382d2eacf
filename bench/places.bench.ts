/**
 * GET /api/places's search and /api/places/nearest's lookup, in memory (src/server/features/places):
 * each query many times, median and p95 printed. Asserts nothing.
 *
 *   npm run bench:places
 */
import { performance } from 'node:perf_hooks'
import { findNearestPlace, findPlaces } from '../src/server/features/places/service'

const RUNS = 2000
const QUERIES = [
  'kandy',
  'මහනුවර',
  'கண்டி',
  'dehiwala',
  'දෙහිවල',
  'a',
  'nuwara eliya',
  'x'.repeat(100),
  'habarana',
  'හබරණ',
  'ihala',
  'ஏறாவூர்',
]

function time(label: string, run: () => unknown) {
  for (let i = 0; i < 50; i += 1) run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now()
    run()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(times.length * q) - 1)]!
  console.log(label.padEnd(28), at(0.5).toFixed(3).padStart(10), at(0.95).toFixed(3).padStart(8))
}

console.log('query'.padEnd(28), 'median ms'.padStart(10), 'p95 ms'.padStart(8))
for (const q of QUERIES) time(`places "${q.slice(0, 16)}"`, () => findPlaces(q))
time('nearest to Dehiwala', () => findNearestPlace({ lat: 6.8511, lng: 79.8659 }))
