#!/usr/bin/env bash
# The real `mergin` client (0.13.3) with personal access tokens (issue 29): pat-check.py against a fresh server.
# Needs CLIENT_DIR and VENV as prepared by setup.sh; optional PORT (18191), DATA_DIR (a new temporary folder).
set -euo pipefail

: "${CLIENT_DIR:?set CLIENT_DIR to a checkout of python-api-client 0.13.3}"
: "${VENV:?set VENV to the venv holding the client}"
PORT="${PORT:-18191}"
DATA_DIR="${DATA_DIR:-$(mktemp -d -t waymark-pat-XXXXXX)}"
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
PASSWORD='Client-tests-1'

cd "$REPO"
[ -f apps/server/dist/main.mjs ] || npm run build -w apps/server
export DATA_DIR ADMIN_PASSWORD="$PASSWORD" LOG_LEVEL=warn BASE_URL="http://127.0.0.1:$PORT"
node apps/server/dist/cli.mjs init
node apps/server/dist/cli.mjs user create pattest pattest@example.com --password "$PASSWORD"
PORT="$PORT" MALLOC_TRIM_THRESHOLD_=131072 node --max-semi-space-size=16 apps/server/dist/main.mjs > "$DATA_DIR/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 60); do curl -sf "http://127.0.0.1:$PORT/ping" > /dev/null && break; sleep 1; done

WAYMARK_URL="http://127.0.0.1:$PORT" PAT_USER=pattest PAT_PASSWORD="$PASSWORD" CLIENT_DIR="$CLIENT_DIR" VENV="$VENV" \
  "$VENV/bin/python" "$REPO/bench/mergin-client/pat-check.py"
