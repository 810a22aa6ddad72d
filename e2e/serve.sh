#!/usr/bin/env bash
# Starts the server for the browser journeys the way an operator would, from the compiled build (`npm run
# build`, which `npm run test:e2e` runs first): first start (the seeded superuser from ADMIN_*), a shared
# workspace with the admin as owner, then the server itself.
set -euo pipefail
cd "$(dirname "$0")/.."
for entry in apps/server/dist/cli.mjs apps/server/dist/main.mjs; do
  [ -f "$entry" ] || { echo "$entry is missing: run \`npm run build\` first" >&2; exit 1; }
done
cli() { node apps/server/dist/cli.mjs "$@"; }
cli init
cli workspace create "Field Team" --storage 5GB
cli workspace add-member "Field Team" "$ADMIN_USERNAME" owner
exec node apps/server/dist/main.mjs
