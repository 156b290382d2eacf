#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine, then runs every test (npm test).
# Set TEST_DATABASE_URL to also run the API suite against PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium >/dev/null
fi

# npm ci rejects lockfiles written by npm 11 without other platforms' optional packages.
npm install --no-audit --no-fund
npm test
