#!/usr/bin/env bash
# README command 2: install what is missing, then build and run the whole test
# suite twice: Debug with AddressSanitizer + UndefinedBehaviorSanitizer, and
# Release; the threaded tests and the dat reader tests under ThreadSanitizer;
# then the package tests: install shared and static builds of the
# library alone and build a separate consumer project against them
# (scripts/package-test.sh), and the Debian package (scripts/deb-test.sh);
# the WebAssembly module (scripts/build.sh wasm), whose Node tests run with the
# release tests (ctest wasm_node, against the release CLI).
# RETROANIM_WINDOWS_TESTS=1 adds the mingw-w64 build run under Wine
# (scripts/test-windows.sh; not in CI by default, see README).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
echo "== asan: build"
scripts/build.sh asan
echo "== asan: test"
ctest --test-dir build/asan --output-on-failure -j "$(nproc)"
echo "== tsan: build (test_threads, test_ac_io only)"
scripts/build.sh tsan
echo "== tsan: test"
(cd build/tsan && export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1} &&
   tests/test_threads && tests/test_ac_io)
echo "== release: build"
scripts/build.sh release
echo "== wasm: build (the WebAssembly module, build/wasm/js)"
scripts/build.sh wasm
export RETROANIM_WASM_REQUIRED=1
echo "== package: shared and static installs, consumer project"
scripts/package-test.sh
echo "== package: Debian package"
scripts/deb-test.sh build/release
if [ "${RETROANIM_WINDOWS_TESTS:-0}" = 1 ]; then
  echo "== windows: mingw-w64 build under Wine"
  scripts/test-windows.sh
fi
# Last, so that the run closes on the test runner's summary.
echo "== release: test"
ctest --test-dir build/release --output-on-failure -j "$(nproc)"
