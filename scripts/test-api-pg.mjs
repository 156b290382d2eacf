// Runs the API suite against PostgreSQL when TEST_DATABASE_URL is set; says so and succeeds otherwise.
import { spawnSync } from 'node:child_process'

if (!process.env.TEST_DATABASE_URL) {
  console.log('API tests on PostgreSQL skipped: TEST_DATABASE_URL is not set.')
  process.exit(0)
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
})
process.exit(result.status ?? 1)
