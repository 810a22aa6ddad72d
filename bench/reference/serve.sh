#!/usr/bin/env bash
# Starts the reference server built by setup.sh as its Community Edition compose file deploys it: nginx in front
# (its deployment/common/nginx.conf: request bodies buffered, downloads handed to nginx by X-Accel-Redirect with
# USE_X_ACCEL=1) and gunicorn with the server's config.py (2 gevent workers). Stays in the foreground until
# killed (kill its process group); everything it starts is its child, so the bench sums the tree's CPU.
#
#   OUT       the folder setup.sh built (default /tmp/mergin-reference)
#   PORT      nginx's port (default 18450); gunicorn listens on PORT+1
#   DATABASE  PostgreSQL database, recreated empty (default ref_bench), on 127.0.0.1:5432 as postgres
#   DATA      projects folder, emptied (default $OUT/data)
#   PASSWORD  the admin user's password (user "admin"; default Bench-pass1)
#
# Not as deployed: no Redis and no Celery worker. BROKER_URL=memory:// (as the server's own test settings) queues
# the background tasks a push may schedule (storage optimisation every 10th version, v2 chunk clean-up) inside
# the web worker and nothing runs them: the reference is spared that work in the bench.
set -euo pipefail

OUT="${OUT:-/tmp/mergin-reference}"
PORT="${PORT:-18450}"
DATABASE="${DATABASE:-ref_bench}"
DATA="${DATA:-$OUT/data}"
PASSWORD="${PASSWORD:-Bench-pass1}"
APP_PORT=$((PORT + 1))
RUN="$OUT/run-$PORT"

rm -rf "$DATA" "$RUN" && mkdir -p "$DATA/tmp" "$DATA/geodiff" "$RUN/nginx"
dropdb -h 127.0.0.1 -U postgres --if-exists "$DATABASE"
createdb -h 127.0.0.1 -U postgres "$DATABASE"

export FLASK_APP=application FLASK_DEBUG=0 SECRET_KEY=bench SECURITY_BEARER_SALT=bench SECURITY_EMAIL_SALT=bench
export SECURITY_PASSWORD_SALT=bench MAIL_DEFAULT_SENDER=bench@example.com MAIL_SUPPRESS_SEND=1
export DB_HOST=127.0.0.1 DB_PORT=5432 DB_USER=postgres DB_PASSWORD=postgres DB_DATABASE="$DATABASE"
export LOCAL_PROJECTS="$DATA" TEMP_DIR="$DATA/tmp" GEODIFF_WORKING_DIR="$DATA/geodiff"
export MAINTENANCE_FILE="$DATA/MAINTENANCE"
export USE_X_ACCEL=1 GEVENT_WORKER=True NO_MONKEY_PATCH=False GEODIFF_LOGGER_LEVEL=2 OTEL_ENABLED=0
export BROKER_URL=memory:// CELERY_RESULT_BACKEND='' COLLECT_STATISTICS=0 GLOBAL_STORAGE=$((100 * 1024 * 1024 * 1024))
export DIAGNOSTIC_LOGS_DIR="$DATA/diagnostic_logs" MERGIN_BASE_URL="http://127.0.0.1:$PORT"
export GUNICORN_CMD_ARGS="--bind 127.0.0.1:$APP_PORT --access-logfile $RUN/access.log"

cd "$OUT/server"
"$OUT/venv/bin/flask" init-db > "$RUN/init.log" 2>&1
"$OUT/venv/bin/flask" user create admin "$PASSWORD" --is-admin --email admin@example.com >> "$RUN/init.log" 2>&1

# deployment/common/nginx.conf's proxy and download locations, with this machine's ports and folders.
cat > "$RUN/nginx/nginx.conf" << EOF
worker_processes 2;
pid $RUN/nginx/nginx.pid;
error_log $RUN/nginx/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  sendfile on;
  access_log off;
  client_body_temp_path $RUN/nginx/body;
  proxy_temp_path $RUN/nginx/proxy;
  fastcgi_temp_path $RUN/nginx/fastcgi;
  uwsgi_temp_path $RUN/nginx/uwsgi;
  scgi_temp_path $RUN/nginx/scgi;
  server {
    listen 127.0.0.1:$PORT;
    client_max_body_size 4G;
    location ~ /app/projects/([^/]+)/download {
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header Host \$http_host;
      proxy_redirect off;
      proxy_pass http://127.0.0.1:$APP_PORT;
      client_max_body_size 0;
      proxy_http_version 1.1;
      proxy_request_buffering off;
      proxy_buffering off;
    }
    location ~ ^/(v1/|v2/|app/|ping|config) {
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header Host \$http_host;
      proxy_pass http://127.0.0.1:$APP_PORT;
    }
    location /download/ {
      internal;
      alias $DATA/;
    }
  }
}
EOF

trap 'kill $(jobs -p) 2> /dev/null || true' EXIT TERM INT
nginx -c "$RUN/nginx/nginx.conf" -e "$RUN/nginx/error.log" &
"$OUT/venv/bin/gunicorn" --config config.py application:application > "$RUN/gunicorn.log" 2>&1 &
wait
