#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine, then runs every test (npm test).
# Set TEST_DATABASE_URL to also run the API suite against PostgreSQL (and the scale-out test).
set -euo pipefail
cd "$(dirname "$0")/.."

# From Debian: chromium for the browser tests, redis-server for the shared-limits tests (they start
# their own, src/server/test/redis-server.ts), nginx as the load balancer of the scale-out test.
missing=""
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing="$missing redis-server"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
if [ -n "$missing" ]; then
  echo "Installing from Debian:$missing"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -qq $missing >/dev/null
fi

# Exactly the lockfile's packages (it lists every platform's natives: scripts/lockfile-platforms.mjs).
npm ci --no-audit --no-fund
npm test
