#!/usr/bin/env bash
# Debian package test (issue 14), run by scripts/test.sh: `cpack -G DEB` in a
# build directory (default build/release, which must be built), then the .deb
# is unpacked with `dpkg -x` into a scratch root and checked: library,
# headers, CMake and pkg-config files present, and the installed CLI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
b=${1:-build/release}
[ -x "$b/retroanim" ] || { echo "deb-test: build $b first (scripts/build.sh release)" >&2; exit 1; }
rm -rf "$b/deb"
(cd "$b" && cpack -G DEB -B deb >/dev/null)
deb=$(ls "$b"/deb/retroanim_*.deb)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dpkg -x "$deb" "$scratch"
for f in usr/bin/retroanim usr/include/retroanim/retroanim.h usr/include/retroanim/version.h \
         usr/lib/cmake/retroanim/retroanim-config.cmake usr/lib/cmake/retroanim/retroanim-config-version.cmake \
         usr/lib/pkgconfig/retroanim.pc usr/share/doc/retroanim/LICENSE; do
  [ -e "$scratch/$f" ] || { echo "deb-test: FAIL: $f missing from $deb" >&2; exit 1; }
done
ls "$scratch"/usr/lib/libretroanim.* >/dev/null
v=$("$scratch/usr/bin/retroanim" --version)
[ "$v" = "retroanim 0.3.0" ] || { echo "deb-test: FAIL: installed CLI says '$v'" >&2; exit 1; }
"$scratch/usr/bin/retroanim" demo --out "$scratch/demo" >/dev/null
echo "deb-test: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB) unpacks and its CLI runs ($v)"
echo "deb-test: 1 passed, 0 failed"
