#!/usr/bin/env bash
# Starts the server for the browser journeys the way an operator would: first start (the seeded superuser
# from ADMIN_*), a shared workspace with the admin as owner, then the server itself.
set -euo pipefail
cd "$(dirname "$0")/.."
cli() { node --import tsx apps/server/src/cli/main.ts "$@"; }
cli init
cli workspace create "Field Team" --storage 5GB
cli workspace add-member "Field Team" "$ADMIN_USERNAME" owner
exec node --import tsx apps/server/src/main.ts
