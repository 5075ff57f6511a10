#!/usr/bin/env bash
# Every test: format, lint, types, unit, API and browser tests on the embedded database (PGlite),
# then the unit, API and browser tests again on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-deps.sh

echo "== checks and tests on PGlite"
npm run check

url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if pg_isready -q -d "$url" 2>/dev/null; then
  echo "== tests on PostgreSQL"
  # The build made for the browser tests on PGlite is the same: it is not made again.
  TEST_DATABASE_URL="$url" npm run test:unit
  TEST_DATABASE_URL="$url" npm test -w e2e
  echo "== backup and restore on PostgreSQL"
  BACKUP_CHECK_DATABASE_URL="$url" node scripts/backup-restore-check.mjs
else
  echo "PostgreSQL is not reachable at $url: set TEST_DATABASE_URL to run the tests on it." >&2
  exit 1
fi
