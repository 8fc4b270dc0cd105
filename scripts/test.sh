#!/usr/bin/env bash
# README command 2: install what is missing, then build and run the whole test
# suite twice: Debug with AddressSanitizer + UndefinedBehaviorSanitizer, and Release.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
for flavour in asan release; do
  echo "== $flavour: build"
  scripts/build.sh "$flavour"
  echo "== $flavour: test"
  ctest --test-dir "build/$flavour" --output-on-failure -j "$(nproc)"
done
