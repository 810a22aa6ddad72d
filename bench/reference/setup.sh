#!/usr/bin/env bash
# Builds the reference Mergin Maps server (Community Edition, MerginMaps/server) for the side-by-side bench, from
# git mirrors of the public repositories and the machine's local folder of wheels (no PyPI here). Nothing of it
# is kept in this repository. Then start it with serve.sh beside this file.
#
#   MIRRORS   folder of bare git mirrors named owner+name/repo (default /work/.mirror); needed:
#             MerginMaps+server, MerginMaps+geodiff, benstadin+libgpkg, and the pure-Python packages that have no
#             wheel in $WHEELS (listed in SOURCES below, each at the version the server's Pipfile pins, or the
#             nearest the mirror has)
#   REF       git ref of MerginMaps/server (default 2026.4.1, the newest release)
#   WHEELS    folder of wheels pip installs from (default /opt/pypi/files)
#   OUT       where to put server/, src/ and venv/ (default /tmp/mergin-reference)
#
# System packages (Debian): python3-gevent (the server's gunicorn config runs gevent workers; no gevent wheel is
# at hand, so the venv is made from Debian's python3 with its site packages visible), libmagic1 and nginx
# (serve.sh puts it in front, as the deployment does).
set -euo pipefail

MIRRORS="${MIRRORS:-/work/.mirror}"
REF="${REF:-2026.4.1}"
WHEELS="${WHEELS:-/opt/pypi/files}"
OUT="${OUT:-/tmp/mergin-reference}"
HERE="$(cd "$(dirname "$0")" && pwd)"

gitdir() { if [ -d "$MIRRORS/$1/repo/.git" ]; then echo "$MIRRORS/$1/repo/.git"; else echo "$MIRRORS/$1/repo"; fi; }

if ! /usr/bin/python3 -c 'import gevent' 2> /dev/null || [ ! -e /usr/lib/x86_64-linux-gnu/libmagic.so.1 ] ||
  ! command -v nginx > /dev/null; then
  apt-get install -y --no-install-recommends python3-gevent libmagic1 nginx
fi

rm -rf "$OUT" && mkdir -p "$OUT/src"
git --git-dir="$(gitdir MerginMaps+server)" archive "$REF" server | tar -x -C "$OUT"
git --git-dir="$(gitdir MerginMaps+server)" rev-parse "$REF^{commit}" > "$OUT/server/COMMIT"

# name, mirror, ref (Pipfile pin in brackets where the mirror lacks it)
SOURCES=(
  "connexion spec-first+connexion v2"                      # 2.15.1: the v2 branch's head (Flask 3 support)
  "flask-marshmallow marshmallow-code+flask-marshmallow 0.15.0"
  "marshmallow-sqlalchemy marshmallow-code+marshmallow-sqlalchemy 1.1.0" # [1.4.1]: the mirror's newest
  "flask-mail pallets-eco+flask-mail 0.10.0"
  "flask-migrate miguelgrinberg+Flask-Migrate v4.1.0"
  "wtforms-json kvesteri+wtforms-json 0.3.5"
  "pathvalidate thombashi+pathvalidate v3.2.0"
  "jsons ramonhagenaars+jsons v1.6.3"
  "typish ramonhagenaars+typish v1.9.3"
  "binaryornot binaryornot+binaryornot 0.4.4"
  "python-decouple HBNetwork+python-decouple v3.6"
  "psycogreen psycopg+psycogreen rel-1.0.2"
  "python-magic ahupp+python-magic 0.4.27"
  "inflection jpvanhal+inflection 0.5.1"
  "safe lepture+safe HEAD"                                  # 0.4 (setup's version)
  "result rustedpy+result 2f7c55a"                          # 0.5.0 (release commit)
  "clickclick hjacobs+python-clickclick HEAD"               # 1.2.2+ (20.10.2 moved off GitHub)
  "gunicorn benoitc+gunicorn 23.0.0"                       # the wheel here (26) wants gevent >= 24.10.1
  "flask-wtf pallets-eco+flask-wtf v1.2.2"                  # the wheel here (1.3) breaks the server's CSRF hook
  "chardet chardet+chardet 4.0.0"                           # [<5]: binaryornot fails on the wheel here (7)
)
for entry in "${SOURCES[@]}"; do
  read -r name mirror ref <<< "$entry"
  mkdir -p "$OUT/src/$name"
  # Without images: a mirror may lack large binaries.
  git --git-dir="$(gitdir "$mirror")" archive "$ref" -- . ':(exclude,glob)**/*.png' ':(exclude,glob)**/*.jpg' \
    ':(exclude,glob)**/*.gif' | tar -x -C "$OUT/src/$name"
done

/usr/bin/python3 -m venv --system-site-packages "$OUT/venv"
pip=("$OUT/venv/bin/pip" install --quiet --no-index --find-links "$WHEELS")
"${pip[@]}" setuptools wheel flit_core poetry_core hatchling
# What has a wheel here (Pipfile pins in brackets where the wheel differs): flask 3.1.3 [3.1.2], sqlalchemy 2.0.54
# [2.0.44], celery 5.6.3 [5.4.0], redis 8.1.0 [5.0.1], bcrypt 5.0.0 [4.2.0], shapely 2.1.2
# [2.0.6], click 8.5.0 [8.2.0], python-dotenv 1.2.4 [0.20.0], pytz 2026.4 [2022.2.1].
# greenlet stays Debian's (the one its gevent was built against).
"${pip[@]}" 'flask==3.1.3' 'marshmallow<4' 'sqlalchemy<2.1' flask_sqlalchemy psycopg2_binary itsdangerous \
  flask_login bcrypt 'wtforms[email]' alembic pytz python_dateutil kombu billiard vine amqp tzdata tzlocal urllib3 \
  shapely importlib_metadata typing_extensions click python_dotenv requests jsonschema pyyaml packaging werkzeug \
  scikit-build-core cmake ninja
# celery's command line wants click-didyoumean and click-repl, and redis on Python < 3.11.3 async-timeout, which
# have no wheel here; the server only imports celery's library (tasks are queued, see serve.sh).
"${pip[@]}" --no-deps celery redis
for entry in "${SOURCES[@]}"; do
  read -r name _ <<< "$entry"
  "${pip[@]}" --no-deps --no-build-isolation "$OUT/src/$name"
done

# pygeodiff: 2.3.0 built from the geodiff mirror as bench/mergin-client/setup.sh does ([2.0.4]; the calls the
# server makes are in both).
mkdir -p "$OUT/geodiff" "$OUT/build/external"
git --git-dir="$(gitdir MerginMaps+geodiff)" archive 2.3.0 | tar -x -C "$OUT/geodiff"
commit="$(sed -n 's|.*libgpkg/archive/\([0-9a-f]*\)\.tar\.gz.*|\1|p' "$OUT/geodiff/geodiff/CMakeLists.txt")"
git --git-dir="$(gitdir benstadin+libgpkg)" archive --format=tar.gz --prefix="libgpkg-$commit/" "$commit" gpkg \
  > "$OUT/build/libgpkg.tar.gz" 2> /dev/null || true
tar -xzf "$OUT/build/libgpkg.tar.gz" -C "$OUT/build/external"
"${pip[@]}" --no-deps --no-build-isolation --config-settings=build-dir="$OUT/build" "$OUT/geodiff"

# The server imports OpenTelemetry's SDK, its gRPC exporters and its Flask/SQLAlchemy/logging/Celery
# instrumentations at start, even with OTEL_ENABLED=0 (the bench's setting, so none of them runs). The API
# has a wheel here; the rest have not (the SDK lacks its semantic-conventions wheel): inert stand-ins of the
# imported names (otel-stubs/) take their place.
"${pip[@]}" opentelemetry_api
site="$(echo "$OUT"/venv/lib/python3*/site-packages)"
(cd "$HERE/otel-stubs" && find opentelemetry -name '*.py' -exec install -D -m 644 {} "$site/{}" \;)

"$OUT/venv/bin/python" -c 'import connexion, flask_marshmallow, psycogreen.gevent, pygeodiff, gevent'
echo "reference $(cat "$OUT/server/COMMIT") built in $OUT; start it with bench/reference/serve.sh"
