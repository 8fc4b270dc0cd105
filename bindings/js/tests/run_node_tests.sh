#!/bin/sh
# ctest's wasm_node and wasm_page (tests/CMakeLists.txt): a Node test file of
# the WebAssembly module against this build's CLI. Skipped (exit 77, saying
# so) when the wasm build (scripts/build.sh wasm) is not there, unless
# RETROANIM_WASM_REQUIRED=1 (scripts/test.sh builds it and sets it).
#   run_node_tests.sh NODE CLI WASM_BUILD_DIR BALLANCE_DIR TMP TEST_FILE
node=$1 cli=$2 wasm=$3 ballance=$4 tmp=$5 test_file=$6
for need in "$wasm/js/retroanim.mjs" "$wasm/viewer/index.html"; do
  if [ ! -f "$need" ]; then
    if [ "${RETROANIM_WASM_REQUIRED:-0}" = 1 ]; then
      echo "$(basename "$test_file"): $need is missing (scripts/build.sh wasm)" >&2
      exit 1
    fi
    echo "skipped: the WebAssembly build is not there ($need; scripts/build.sh wasm)"
    exit 77
  fi
done
mkdir -p "$tmp"
here=$(cd "$(dirname "$0")" && pwd)
RETROANIM_CLI=$cli RETROANIM_WASM_DIR=$wasm/js RETROANIM_VIEWER_PAGE=$wasm/viewer RETROANIM_TEST_TMP=$tmp \
  RETROANIM_BALLANCE_DIR=${RETROANIM_BALLANCE_DIR:-$ballance} RETROANIM_VIEWER_MODULES=$here/../../../tools/viewer \
  exec "$node" --test "$here/$test_file"
