/**
 * Sign-up must not tell who has an account, by its answer or by its time: prints the median time of
 * sign-ups with new e-mails and with taken ones, in process on in-memory PGlite.
 *
 *   npx tsx bench/sign-up-timing.bench.ts        # BENCH_SIGN_UPS=20 of each by default
 *
 * Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { startInProcessApp } from './in-process-app'

const ROUNDS = Number(process.env.BENCH_SIGN_UPS ?? 20)

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main() {
  const { app, fromApp, close } = await startInProcessApp()
  const signUp = async (email: string) => {
    const started = performance.now()
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: fromApp,
      payload: {
        name: 'Bench User',
        email,
        password: 'bench-pass-1',
        confirmPassword: 'bench-pass-1',
        location: 'Colombo 07',
        district: 'Colombo',
        role: 'recipient',
        agreeToTerms: true,
      },
    })
    if (res.statusCode !== 201) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`)
    return performance.now() - started
  }
  const taken = `taken-${randomBytes(3).toString('hex')}@bench.ahara.lk`
  await signUp(taken)
  const fresh: number[] = []
  const again: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    fresh.push(await signUp(`new-${i}-${randomBytes(3).toString('hex')}@bench.ahara.lk`))
    again.push(await signUp(taken))
  }
  console.log(
    `sign-up, median of ${ROUNDS}: new e-mail ${median(fresh).toFixed(1)} ms, taken e-mail ${median(again).toFixed(1)} ms`,
  )
  await close()
}

await main()
