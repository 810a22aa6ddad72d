#!/usr/bin/env bash
# Starts the server for the browser journeys exactly as a newcomer's first `npm start` does, from the compiled
# build (`npm run build`, which `npm run test:e2e` runs first): on an empty data folder with the default,
# embedded database, so the same process creates and migrates the database, seeds the superuser from ADMIN_*
# and then serves. Every journey therefore runs on a first run. The shared 'Field Team' workspace is made through
# the admin API once the server answers (e2e/global-setup.ts); the CLI cannot, while the server holds PGlite.
# With E2E_POSTGRES_ADMIN_URL (the second group in CI) the server uses a new, empty PostgreSQL database instead.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f apps/server/dist/main.mjs ] || { echo 'apps/server/dist/main.mjs is missing: run `npm run build` first' >&2; exit 1; }
if [ -n "${E2E_POSTGRES_ADMIN_URL:-}" ]; then
  # This group's server on PostgreSQL (playwright.config.ts): its database is made anew, empty, for this run.
  psql -q -v ON_ERROR_STOP=1 "$E2E_POSTGRES_ADMIN_URL" \
    -c "DROP DATABASE IF EXISTS \"${E2E_POSTGRES_DB:?}\" WITH (FORCE)" -c "CREATE DATABASE \"${E2E_POSTGRES_DB}\""
fi
if [ -e "${DATA_DIR:?}/pgdata" ]; then
  echo "$DATA_DIR already holds a database: the journeys start from an empty data folder" >&2
  exit 1
fi
# As `npm start` runs it (apps/server/package.json).
MALLOC_TRIM_THRESHOLD_=131072 exec node --max-semi-space-size=16 apps/server/dist/main.mjs
