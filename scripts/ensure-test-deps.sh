#!/usr/bin/env bash
# What the browser tests and the PostgreSQL run need from the machine: Debian's Chromium (the
# tests never download a browser) and a running PostgreSQL.
set -euo pipefail

# The tests run in Debian's headless shell (chromium-headless-shell), a third lighter than
# chromium's headless mode; the screenshots and measuring scripts use chromium itself.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's ${missing[*]} for the browser tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  elif ! command -v chromium >/dev/null 2>&1; then
    echo "The browser tests need Chromium at /usr/bin/chromium (Debian: apt-get install chromium chromium-headless-shell)." >&2
    exit 1
  fi
fi

if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "Starting PostgreSQL..."
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
fi
