#!/usr/bin/env bash
# Runs the real `mergin` Python client's own test suite (mergin/test) against a fresh Waymark server, twice in a
# row on the same server (the second run must pass what the first passed). Not part of CI: the client and
# pygeodiff are not npm packages. Nothing of the client is kept in this repository.
#
# Needs, prepared by setup.sh beside this file:
#   CLIENT_DIR  a checkout of MerginMaps/python-api-client at its 0.13.3 tag
#   VENV        a Python venv with that client, pygeodiff 2.3.0, python-dateutil, pytz, click and pytest installed
# Optional: PORT (18190), DATA_DIR (a new temporary folder), PYTEST_ARGS (e.g. "-k sync -x").
set -euo pipefail

: "${CLIENT_DIR:?set CLIENT_DIR to a checkout of python-api-client 0.13.3}"
: "${VENV:?set VENV to the venv holding the client}"
PORT="${PORT:-18190}"
DATA_DIR="${DATA_DIR:-$(mktemp -d -t waymark-client-XXXXXX)}"
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
PASSWORD='Client-tests-1'

cd "$REPO"
[ -f apps/server/dist/main.mjs ] || npm run build -w apps/server
# BASE_URL set: the client's tests expect /config to say server_configured. Diagnostic logs off by default:
# test_send_logs expects a server that does not take them (the reference's 404); DIAGNOSTIC_LOGS=true to try them.
export DATA_DIR ADMIN_PASSWORD="$PASSWORD" LOG_LEVEL=warn BASE_URL="http://127.0.0.1:$PORT"
export DIAGNOSTIC_LOGS="${DIAGNOSTIC_LOGS:-false}"
# The two users of the client's tests (each gets a personal workspace named after them), made before the
# server holds the embedded database.
node apps/server/dist/cli.mjs init
node apps/server/dist/cli.mjs user create apitest1 apitest1@example.com --password "$PASSWORD"
node apps/server/dist/cli.mjs user create apitest2 apitest2@example.com --password "$PASSWORD"

PORT="$PORT" MALLOC_TRIM_THRESHOLD_=131072 node --max-semi-space-size=16 apps/server/dist/main.mjs > "$DATA_DIR/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 60); do curl -sf "http://127.0.0.1:$PORT/ping" > /dev/null && break; sleep 1; done

# Some tests call `sudo`; where it is absent (root in a container) a shim that runs its arguments stands in.
SHIMS="$(mktemp -d)"
if ! command -v sudo > /dev/null; then
  printf '#!/bin/sh\nexec "$@"\n' > "$SHIMS/sudo" && chmod +x "$SHIMS/sudo"
fi

# The trailing slash as in the client's CI: one test compares URLs built by plain concatenation.
export TEST_MERGIN_URL="http://127.0.0.1:$PORT/" TEST_API_USERNAME=apitest1 TEST_API_PASSWORD="$PASSWORD"
export TEST_API_USERNAME2=apitest2 TEST_API_PASSWORD2="$PASSWORD" PATH="$SHIMS:$PATH"
cd "$CLIENT_DIR"
for run in 1 2; do
  echo "== run $run"
  # shellcheck disable=SC2086
  "$VENV/bin/python" -m pytest -q -rfEs -p no:cacheprovider ${PYTEST_ARGS:-} mergin/test | tee "$DATA_DIR/run-$run.txt" || true
done
echo "server log and both runs' output: $DATA_DIR"
