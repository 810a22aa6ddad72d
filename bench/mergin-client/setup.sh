#!/usr/bin/env bash
# Prepares what run.sh needs: the real `mergin` client at its 0.13.3 tag and a Python venv with it and pygeodiff
# 2.3.0, built here from git mirrors of the public repositories (no PyPI: Python packages come from a local
# folder of wheels). Nothing of them is kept in this repository.
#
#   CLIENT_GIT   git directory of MerginMaps/python-api-client (a bare mirror is fine)
#   GEODIFF_GIT  git directory of MerginMaps/geodiff
#   LIBGPKG_GIT  git directory of benstadin/libgpkg (geodiff's CMake would download it; here it is given)
#   WHEELS       folder of wheels pip installs from (default /opt/pypi/files)
#   OUT          where to put client/ and venv/ (default /tmp/wire-client)
#
# Then: CLIENT_DIR=$OUT/client VENV=$OUT/venv bash bench/mergin-client/run.sh
set -euo pipefail

: "${CLIENT_GIT:?set CLIENT_GIT to a git directory of MerginMaps/python-api-client}"
: "${GEODIFF_GIT:?set GEODIFF_GIT to a git directory of MerginMaps/geodiff}"
: "${LIBGPKG_GIT:?set LIBGPKG_GIT to a git directory of benstadin/libgpkg}"
WHEELS="${WHEELS:-/opt/pypi/files}"
OUT="${OUT:-/tmp/wire-client}"
CLIENT_TAG=0.13.3
GEODIFF_TAG=2.3.0

rm -rf "$OUT" && mkdir -p "$OUT/client" "$OUT/geodiff" "$OUT/build"
git --git-dir="$CLIENT_GIT" archive "$CLIENT_TAG" | tar -x -C "$OUT/client"
git --git-dir="$GEODIFF_GIT" archive "$GEODIFF_TAG" | tar -x -C "$OUT/geodiff"

# geodiff's CMake takes libgpkg from the build folder when libgpkg.tar.gz is there, unpacked under external/;
# it compiles only the gpkg/ folder (the mirror may lack the large sqlite/ sources, which geodiff does not use;
# git then warns "invalid object … sqlite/sqlite3.c" and still writes the archive).
commit="$(sed -n 's|.*libgpkg/archive/\([0-9a-f]*\)\.tar\.gz.*|\1|p' "$OUT/geodiff/geodiff/CMakeLists.txt")"
git --git-dir="$LIBGPKG_GIT" archive --format=tar.gz --prefix="libgpkg-$commit/" "$commit" gpkg > "$OUT/build/libgpkg.tar.gz"
mkdir -p "$OUT/build/external"
tar -xzf "$OUT/build/libgpkg.tar.gz" -C "$OUT/build/external"

python3 -m venv "$OUT/venv"
pip=("$OUT/venv/bin/pip" install --quiet --no-index --find-links "$WHEELS")
"${pip[@]}" scikit-build-core cmake ninja pytest python-dateutil pytz click
"${pip[@]}" --no-build-isolation --config-settings=build-dir="$OUT/build" "$OUT/geodiff"
# The client's pins (python-dateutil 2.8.2, pytz 2022.1, click 8.1.3) are older than the wheels at hand; the
# versions installed above are API-compatible for what the client uses.
"${pip[@]}" --no-deps "$OUT/client"
"$OUT/venv/bin/python" -c 'import mergin, pygeodiff; print("mergin client", mergin.__version__ if hasattr(mergin, "__version__") else "'"$CLIENT_TAG"'", "pygeodiff", pygeodiff.GeoDiff().version())'
echo "CLIENT_DIR=$OUT/client VENV=$OUT/venv bash bench/mergin-client/run.sh"
