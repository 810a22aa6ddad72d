#!/usr/bin/env bash
# Builds geodiff's command line tool, for bench/diff-apply.ts (--geodiff PATH) to time it on the same files in
# the same run. Nothing of geodiff is kept in this repository. Needs cmake, g++ and libsqlite3-dev (Debian).
#
#   GEODIFF_SRC  a checkout of MerginMaps/geodiff (e.g. its 2.3.0 tag)
#   LIBGPKG_SRC  a checkout of benstadin/libgpkg at the commit geodiff's CMakeLists.txt names (geodiff downloads it
#                at configure time; on a machine without the network the checkout stands in for the download)
#   OUT          build folder (default: a new temporary one); the tool is $OUT/geodiff
set -euo pipefail
: "${GEODIFF_SRC:?set GEODIFF_SRC to a geodiff checkout}"
OUT="${OUT:-$(mktemp -d -t geodiff-build-XXXXXX)}"
commit="$(grep -o 'libgpkg-[0-9a-f]\{40\}' "$GEODIFF_SRC/geodiff/CMakeLists.txt" | head -n 1 | cut -d- -f2)"
if [ -n "${LIBGPKG_SRC:-}" ]; then
  mkdir -p "$OUT/external/libgpkg-$commit"
  cp -r "$LIBGPKG_SRC/gpkg" "$OUT/external/libgpkg-$commit/"
  # Present, so configure skips the download.
  tar czf "$OUT/libgpkg.tar.gz" -C "$OUT/external" "libgpkg-$commit"
fi
cmake -S "$GEODIFF_SRC/geodiff" -B "$OUT" -DCMAKE_BUILD_TYPE=Release -DENABLE_TESTS=OFF -DBUILD_TOOLS=ON \
  -DWITH_POSTGRESQL=OFF > "$OUT/cmake.log"
make -C "$OUT" -j"$(nproc)" geodiff-cli > "$OUT/make.log"
"$OUT/geodiff" version
echo "$OUT/geodiff"
