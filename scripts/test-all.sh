#!/usr/bin/env bash
# Every test CI runs (docs/testing.md): formatting, lint, types and the route index; the unit and
# API tests on the embedded database (PGlite) and a short browser smoke set on it; then the unit,
# API and every browser test on PostgreSQL. Each phase prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-deps.sh

phase() {
  local name=$1
  shift
  echo "== $name"
  local started=$SECONDS
  "$@"
  echo "== $name: $((SECONDS - started)) s"
}

url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if ! pg_isready -q -d "$url" 2>/dev/null; then
  echo "PostgreSQL is not reachable at $url: set TEST_DATABASE_URL to run the tests on it." >&2
  exit 1
fi

phase "format, lint, types, route index" bash -c \
  'npm run format:check && npm run lint && npm run typecheck && npm run routes:check'
phase "unit and API tests on PGlite" npm run test:unit
phase "build" npm run build
phase "browser smoke on PGlite" env E2E_SUITE=smoke npm test -w e2e
phase "unit and API tests on PostgreSQL" env TEST_DATABASE_URL="$url" npm run test:unit
# The build made for the smoke set is the same: it is not made again.
phase "browser tests on PostgreSQL" env TEST_DATABASE_URL="$url" npm test -w e2e
phase "backup and restore on PostgreSQL" env BACKUP_CHECK_DATABASE_URL="$url" \
  node scripts/backup-restore-check.mjs
