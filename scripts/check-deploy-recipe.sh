#!/usr/bin/env bash
# The deployment recipe, run as the Dockerfile runs it but without Docker, so it cannot rot unseen:
# in a temporary copy of this checkout (never pruning it): npm ci, npm run build, npm prune --omit=dev,
# then the built server with node alone, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL:
# migrate, admin, start, /api/health/ready, /metrics, backup, SIGTERM. docs/deploy.md describes it.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/ahara-deploy-XXXXXX")"
server_pid=""
pg_db=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  if [ -n "$pg_db" ]; then
    psql "$TEST_DATABASE_URL" -q -c "drop database if exists ${pg_db} with (force)" >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
step() { printf '\n== %s\n' "$*"; }
fail() { printf '\nDeploy recipe check FAILED: %s\n' "$*" >&2; exit 1; }
# Whether the piped output contains a pattern. It reads the whole output first: `grep -q` stops at the
# first match, and under pipefail the writer's broken pipe (curl: 23) would fail a check that passed.
has() {
  local output
  output=$(cat)
  grep -q -- "$1" <<<"$output"
}

step "copy of the checkout (tracked and new files, as a clean clone plus local changes) in $work/app"
mkdir -p "$work/app"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git ls-files -co --exclude-standard -z | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
    tar --null -T - -cf - | tar -xf - -C "$work/app"
else
  tar --exclude=./node_modules --exclude=./dist --exclude=./dist-server --exclude=./data --exclude=./test-results \
    --exclude=./playwright-report -cf - . | tar -xf - -C "$work/app"
fi
cd "$work/app"

step "npm ci"
npm ci --no-audit --no-fund --prefer-offline --loglevel=error
step "npm run build"
npm run build --silent >/dev/null
step "npm prune --omit=dev --legacy-peer-deps"
npm prune --omit=dev --legacy-peer-deps --no-audit --no-fund --loglevel=error
for tool in tsx esbuild vite typescript vitest drizzle-kit; do
  [ ! -e "node_modules/$tool" ] || fail "node_modules/$tool is still there after the prune"
done
# --legacy-peer-deps drops optional peers only: every peer a remaining package requires is still there.
node -e '
const fs = require("fs"), path = require("path"), missing = []
const walk = (dir) => { for (const name of fs.readdirSync(dir)) {
  const at = path.join(dir, name)
  if (name.startsWith(".")) continue
  if (name.startsWith("@")) { walk(at); continue }
  const file = path.join(at, "package.json")
  if (!fs.existsSync(file)) continue
  const pkg = JSON.parse(fs.readFileSync(file, "utf8")), meta = pkg.peerDependenciesMeta || {}
  for (const peer of Object.keys(pkg.peerDependencies || {}))
    if (!meta[peer]?.optional && !fs.existsSync(path.join("node_modules", peer))) missing.push(`${pkg.name} needs ${peer}`)
  if (fs.existsSync(path.join(at, "node_modules"))) walk(path.join(at, "node_modules"))
} }
walk("node_modules")
if (missing.length) { console.error(missing.join("\n")); process.exit(1) }' || fail "the prune removed a peer a runtime package needs"
echo "node_modules: $(du -sm node_modules | cut -f1) MB"

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
port="$(free_port)"
metrics_token="deploy-check-$(node -e "console.log(require('crypto').randomBytes(16).toString('hex'))")"
export NODE_ENV=production PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn METRICS_TOKEN="$metrics_token"

start_server() {
  node --enable-source-maps dist-server/main.js >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 600); do
    if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/server.log"; fail "the built server exited"; fi
    if curl -fsS "http://127.0.0.1:${port}/api/health/ready" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  cat "$work/server.log"
  fail "the built server was not ready within 120 s"
}
check_server() {
  curl -fsS "http://127.0.0.1:${port}/api/health/live" | has '"ok"' || fail "/api/health/live"
  curl -fsS "http://127.0.0.1:${port}/api/health/ready" | has '"ready"' || fail "/api/health/ready"
  curl -fsS "http://127.0.0.1:${port}/" | has '<div id="root">' || fail "the web app is not served"
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:${port}/metrics")" = 401 ] || fail "/metrics without a token is not 401"
  curl -fsS -H "Authorization: Bearer ${metrics_token}" "http://127.0.0.1:${port}/metrics" | has '^http_requests_total' ||
    fail "/metrics with the token"
  [ "$(curl -s -D - -o /dev/null -H 'X-Request-Id: deploy-check-1' "http://127.0.0.1:${port}/api/health/live" |
    tr -d '\r' | awk -F': ' 'tolower($1)=="x-request-id"{print $2}')" = deploy-check-1 ] || fail "X-Request-Id is not echoed"
}
stop_server() {
  kill -TERM "$server_pid"
  local code=0
  wait "$server_pid" || code=$?
  server_pid=""
  [ "$code" = 0 ] || { cat "$work/server.log"; fail "the server exited with $code on SIGTERM"; }
}

step "PGlite: npm run db:migrate, admin, start, health, metrics, SIGTERM, backup"
export DATA_DIR="$work/data"
npm run --silent db:migrate | has 'up to date' || fail "npm run db:migrate"
npm run --silent admin -- help | has 'set-role' || fail "npm run admin"
start_server
check_server
stop_server
npm run --silent backup -- "$work/backup-pglite" | has 'Backed up the pglite database' || fail "npm run backup (PGlite)"
DATA_DIR="$work/restored" npm run --silent restore -- "$work/backup-pglite" | has 'Restored' || fail "npm run restore (PGlite)"
echo "ok"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "PostgreSQL: npm run db:migrate, start, health, metrics, backup while running, SIGTERM"
  pg_db="ahara_deploy_$(date +%s)_$$"
  psql "$TEST_DATABASE_URL" -v ON_ERROR_STOP=1 -q -c "create database ${pg_db}"
  export DATABASE_URL="$(node -e "const u=new URL(process.argv[1]);u.pathname='/'+process.argv[2];console.log(u.toString())" "$TEST_DATABASE_URL" "$pg_db")"
  export SESSION_SECRET="$(node -e "console.log(require('crypto').randomBytes(32).toString('hex'))")"
  export DATA_DIR="$work/data-pg"
  npm run --silent db:migrate | has 'up to date (postgres)' || fail "npm run db:migrate (PostgreSQL)"
  start_server
  check_server
  npm run --silent backup -- "$work/backup-pg" | has 'Backed up the postgres database' || fail "npm run backup (PostgreSQL)"
  stop_server
  echo "ok"
else
  step "PostgreSQL skipped: TEST_DATABASE_URL is not set"
fi
printf '\nDeploy recipe check passed.\n'
