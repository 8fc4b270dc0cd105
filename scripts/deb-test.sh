#!/usr/bin/env bash
# Debian package test (issue 14), run by scripts/test.sh: `cpack -G DEB` in a
# build directory (default build/release, which must be built), then the .deb
# is unpacked with `dpkg -x` into a scratch root and checked: library,
# headers, CMake and pkg-config files present, every shared library the
# package's files load declared in its Depends, and the installed CLI runs.
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
# Every shared library the packaged programs and libraries load directly
# (ELF NEEDED) comes from a package the .deb depends on (its own files aside).
depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//')
for f in $(find "$scratch/usr" -type f \( -name '*.so*' -o -path '*/bin/*' \)); do
  resolved=$(LD_LIBRARY_PATH="$scratch/usr/lib" ldd "$f" 2>/dev/null) || continue
  for name in $(readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    case "$name" in ld-linux*) continue ;; esac  # the dynamic loader: libc6
    lib=$(echo "$resolved" | awk -v n="$name" '$1 == n && $2 == "=>" {print $3}')
    [ -n "$lib" ] || { echo "deb-test: FAIL: ${f#$scratch/} needs $name, which is not found" >&2; exit 1; }
    case "$lib" in "$scratch"/*) continue ;; esac
    pkg=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null || true)
    pkg=$(echo "$pkg" | head -1 | cut -d: -f1)
    [ -n "$pkg" ] || { echo "deb-test: FAIL: ${f#$scratch/} loads $lib, which no Debian package provides" >&2; exit 1; }
    echo "$depends" | grep -qx "$pkg" ||
      { echo "deb-test: FAIL: ${f#$scratch/} loads $lib from $pkg, which $(basename "$deb") does not depend on" >&2; exit 1; }
  done
done
# The Python module, when this build has it (RETROANIM_PYTHON).
if [ -d "$b/python/retroanim" ]; then
  site="$scratch/usr/lib/python3/dist-packages"
  ls "$site"/retroanim/_retroanim*.so >/dev/null || { echo "deb-test: FAIL: the Python module is missing from $deb" >&2; exit 1; }
  PYTHONPATH="$site" /usr/bin/python3 -c "import retroanim, sys; sys.exit(0 if retroanim.__file__.startswith('$site') else 1)" ||
    { echo "deb-test: FAIL: the packaged Python module does not import" >&2; exit 1; }
fi
echo "deb-test: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB) unpacks and its CLI runs ($v)"
echo "deb-test: 1 passed, 0 failed"
