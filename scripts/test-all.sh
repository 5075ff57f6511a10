#!/usr/bin/env bash
# Every test CI runs (docs/testing.md): formatting, lint and types; the OpenAPI document; the
# unit tests, the API tests of what differs between the engines and a short browser smoke set on
# the embedded database (PGlite); then every API and browser test on PostgreSQL. Each test runs
# once, and the engine's own ones on both (decision 117). Each phase prints its time.
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

# Runs its commands side by side (Prettier, ESLint and tsc each use one core), prints each one's
# output once it ends, and fails when any of them failed.
together() {
  local dir
  dir=$(mktemp -d)
  local pids=()
  local i=0
  for command in "$@"; do
    bash -c "$command" >"$dir/$i.log" 2>&1 &
    pids+=($!)
    i=$((i + 1))
  done
  local failed=0
  for j in "${!pids[@]}"; do
    wait "${pids[$j]}" || failed=1
    cat "$dir/$j.log"
  done
  rm -rf "$dir"
  return $failed
}

url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if ! pg_isready -q -d "$url" 2>/dev/null; then
  echo "PostgreSQL is not reachable at $url: set TEST_DATABASE_URL to run the tests on it." >&2
  exit 1
fi

# The build (the web app and the server bundle the browser tests start) runs beside the checks.
phase "format, lint, types, build" together \
  'npm run format:check' 'npm run lint' 'npm run typecheck' 'npm run build'
# docs/openapi.json and its client types are what the app makes now, and the document passes
# Redocly's recommended rules (redocly.yaml; docs/decisions/072-openapi-document.md). Offline.
phase "OpenAPI document" npm run openapi:check
# The server's files whose behaviour depends on the engine (vitest.config.ts, ENGINE_TESTS): the
# rest run once, on PostgreSQL, below.
phase "unit tests and the engine's API tests on PGlite" env SERVER_TESTS=engine npm run test:unit
phase "browser smoke on PGlite" env E2E_SUITE=smoke npm test -w e2e
# The shared and web projects do not touch a database: they ran once, above.
phase "API tests on PostgreSQL" env TEST_DATABASE_URL="$url" npx vitest run --project server
# The smoke files ran on PGlite above: every browser test runs once.
phase "browser tests on PostgreSQL" env TEST_DATABASE_URL="$url" E2E_SUITE=rest npm test -w e2e
phase "backup and restore on PostgreSQL" env BACKUP_CHECK_DATABASE_URL="$url" \
  node scripts/backup-restore-check.mjs
