#!/usr/bin/env bash
# Configures and builds one flavour of retroanim.
#   scripts/build.sh release   -> build/release (optimised, -O3; CLI, tests, benchmarks, fuzz replay, examples,
#                                 the Python module and Blender add-on when pybind11 is installed)
#   scripts/build.sh asan      -> build/asan (Debug + AddressSanitizer + UBSan; no benchmarks)
#   scripts/build.sh fuzz      -> build/fuzz (clang: libFuzzer targets, library instrumented, ASan + UBSan)
#   scripts/build.sh tsan      -> build/tsan (Debug -O1 + ThreadSanitizer; by default only the programs
#                                 scripts/test.sh runs under it: test_threads, test_ac_io)
#   scripts/build.sh bench     -> build/bench (optimised, -O3; the benchmark programs only: no tests, CLI or fuzz)
#   scripts/build.sh windows   -> build/windows (mingw-w64 cross build: retroanim.exe, retroanim.dll and
#                                 its import library libretroanim.dll.a, the unit tests as .exe)
#   scripts/build.sh wasm      -> build/wasm (Emscripten: the WebAssembly module and npm package in
#                                 build/wasm/js: retroanim.mjs, retroanim.wasm, retroanim.d.ts, package.json;
#                                 the viewer folder build/wasm/viewer, which opens from file://)
# Extra arguments: -DVAR=VALUE go to the configure step (after the flavour's,
# so they win); --target NAME (repeatable) builds only those targets.
# JOBS (default: the number of cores) sets the build's parallelism.
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=${1:-release}
shift || true
extra=()
user=()
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --target) targets+=(--target "$2"); shift 2 ;;
    *) user+=("$1"); shift ;;
  esac
done
[ "${CI:-}" = "true" ] && extra+=(-DRETROANIM_WERROR=ON)
all_on=(-DRETROANIM_CLI=ON -DRETROANIM_TESTS=ON -DRETROANIM_EXAMPLES=ON -DRETROANIM_FUZZ=ON)
case "$flavour" in
  release) extra+=(-DCMAKE_BUILD_TYPE=Release "${all_on[@]}" -DRETROANIM_BENCH=ON) ;;
  bench)   extra+=(-DCMAKE_BUILD_TYPE=Release -DRETROANIM_BENCH=ON -DRETROANIM_CLI=OFF -DRETROANIM_TESTS=OFF
                   -DRETROANIM_FUZZ=OFF -DRETROANIM_EXAMPLES=OFF -DRETROANIM_PYTHON=OFF) ;;
  asan)    extra+=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1" -DRETROANIM_SANITIZE=ON
                   "${all_on[@]}" -DRETROANIM_BENCH=OFF) ;;
  fuzz)    extra+=(-DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1"
                   "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link" -DRETROANIM_SANITIZE=ON -DRETROANIM_BENCH=OFF
                   -DRETROANIM_CLI=ON -DRETROANIM_FUZZ=ON -DRETROANIM_TESTS=OFF -DRETROANIM_EXAMPLES=OFF
                   -DRETROANIM_PYTHON=OFF) ;;
  tsan)    extra+=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1"
                   "-DCMAKE_CXX_FLAGS=-fsanitize=thread -fno-omit-frame-pointer"
                   "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread" "-DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=thread"
                   -DRETROANIM_CLI=ON -DRETROANIM_TESTS=ON -DRETROANIM_BENCH=OFF -DRETROANIM_FUZZ=OFF
                   -DRETROANIM_EXAMPLES=OFF -DRETROANIM_PYTHON=OFF)
           [ ${#targets[@]} -eq 0 ] && targets=(--target test_threads --target test_ac_io) ;;
  windows) scripts/bootstrap.sh windows
           # CLI11's headers alone (its package would put the host's /usr/include first).
           mkdir -p build/windows-cli11 && ln -sfn /usr/include/CLI build/windows-cli11/CLI
           extra+=(-DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake -DCMAKE_BUILD_TYPE=Release
                   -DBUILD_SHARED_LIBS=ON -DRETROANIM_CLI=ON -DRETROANIM_TESTS=ON -DRETROANIM_BENCH=OFF
                   -DRETROANIM_FUZZ=OFF -DRETROANIM_EXAMPLES=OFF -DRETROANIM_GLTF=OFF -DRETROANIM_PYTHON=OFF
                   -DZLIB_LIBRARY=/usr/x86_64-w64-mingw32/lib/libz.a -DZLIB_INCLUDE_DIR=/usr/x86_64-w64-mingw32/include
                   "-DRETROANIM_CLI11_INCLUDE_DIR=$PWD/build/windows-cli11") ;;
  wasm)    scripts/bootstrap.sh wasm
           # Debian's emscripten runs its JavaScript tools with node, which must
           # find Debian's node-acorn (a Node.js not from Debian does not look
           # in /usr/share/nodejs).
           export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
           # -fexceptions: the library reports bad input by throwing (Emscripten's
           # JavaScript-based exceptions: its Debian package has no wasm-exception
           # libraries); -msimd128: WebAssembly SIMD (docs/FIDELITY.md);
           # libcxx_compat.h: what its libc++ 13 lacks; -Wno-ignored-pragmas: fp_strict.h's
           # float_control, which Clang ignores there (WebAssembly has no fused multiply-add).
           extra+=(-DCMAKE_TOOLCHAIN_FILE=/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake
                   -DCMAKE_BUILD_TYPE=Release "-DCMAKE_C_FLAGS=-msimd128"
                   "-DCMAKE_CXX_FLAGS=-fexceptions -msimd128 -Wno-ignored-pragmas -include $PWD/bindings/js/src/libcxx_compat.h"
                   "-DCMAKE_EXE_LINKER_FLAGS=-fexceptions -msimd128"
                   -DRETROANIM_CLI=OFF -DRETROANIM_TESTS=OFF -DRETROANIM_BENCH=OFF -DRETROANIM_FUZZ=OFF
                   -DRETROANIM_EXAMPLES=OFF -DRETROANIM_PYTHON=OFF -DRETROANIM_INSTALL=OFF -DRETROANIM_GLTF=ON)
           [ ${#targets[@]} -eq 0 ] && targets=(--target retroanim_js --target retroanim_viewer_page) ;;
  *) echo "unknown flavour $flavour (release|bench|asan|tsan|fuzz|windows|wasm)" >&2; exit 2 ;;
esac
extra+=(${user[@]+"${user[@]}"})
gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
if [ ! -f "build/$flavour/CMakeCache.txt" ]; then
  cmake -S . -B "build/$flavour" "${gen[@]}" "${extra[@]}" >/dev/null
else
  cmake -S . -B "build/$flavour" "${extra[@]}" >/dev/null
fi
cmake --build "build/$flavour" -j "${JOBS:-$(nproc)}" ${targets[@]+"${targets[@]}"}
