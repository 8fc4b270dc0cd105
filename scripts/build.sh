#!/usr/bin/env bash
# Configures and builds one flavour of retroanim.
#   scripts/build.sh release   -> build/release (optimised, -O2)
#   scripts/build.sh asan      -> build/asan (Debug + AddressSanitizer + UBSan)
#   scripts/build.sh fuzz      -> build/fuzz (clang: libFuzzer targets, library instrumented, ASan + UBSan)
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-release}
shift || true
extra=()
[ "${CI:-}" = "true" ] && extra+=(-DRETROANIM_WERROR=ON)
case "$flavour" in
  release) extra+=(-DCMAKE_BUILD_TYPE=Release) ;;
  asan)    extra+=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1" -DRETROANIM_SANITIZE=ON -DRETROANIM_BENCH=OFF) ;;
  fuzz)    extra+=(-DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1"
                   "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link" -DRETROANIM_SANITIZE=ON -DRETROANIM_BENCH=OFF
                   -DRETROANIM_TESTS=OFF -DRETROANIM_EXAMPLES=OFF) ;;
  *) echo "unknown flavour $flavour (release|asan|fuzz)" >&2; exit 2 ;;
esac
gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
if [ ! -f "build/$flavour/CMakeCache.txt" ]; then
  cmake -S . -B "build/$flavour" "${gen[@]}" "${extra[@]}" "$@" >/dev/null
else
  cmake -S . -B "build/$flavour" "${extra[@]}" "$@" >/dev/null
fi
cmake --build "build/$flavour" -j "$(nproc)"
