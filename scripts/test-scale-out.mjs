// The scale-out test (two instances, PostgreSQL, Redis, S3-compatible store, nginx) when
// TEST_DATABASE_URL is set; says so and succeeds otherwise, like the API suite on PostgreSQL.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!process.env.TEST_DATABASE_URL) {
  console.log('Scale-out test skipped: TEST_DATABASE_URL is not set.')
  process.exit(0)
}
if (!existsSync('/usr/sbin/nginx') && spawnSync('nginx', ['-v']).error) {
  console.error('Scale-out test: nginx is missing (scripts/test-all.sh installs it from Debian).')
  process.exit(1)
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'scale-out'], { stdio: 'inherit' })
process.exit(result.status ?? 1)
