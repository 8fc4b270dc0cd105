#!/usr/bin/env bash
# Package test (issue 14), run by scripts/test.sh: for a shared and a static
# build of the library alone (only zlib as a dependency: no CLI, tests,
# benchmarks, examples; nlohmann-json, CLI11, GoogleTest and Google Benchmark
# hidden from CMake), install into a temporary prefix, then build the separate
# project tests/consumer with find_package(retroanim 0.3) and -O3 -march=native
# -ffp-contract=fast, plus a plain `cc ... $(pkg-config --cflags --libs
# retroanim)` C program, and check that their curve positions and world
# matrices on the demo's .nmo equal the CLI's bit for bit (hex floats), and
# that the headers' inline arithmetic gives the same bits under those flags.
#   scripts/package-test.sh [shared|static...]   (default: both)
# Needs the CLI (build/release/retroanim, built here when missing) and jq.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(shared static)
flags="-O3 -march=native -ffp-contract=fast"
work=$root/build/package-test
gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
fail() { echo "package-test: FAIL: $*" >&2; exit 1; }

cli=build/release/retroanim
[ -x "$cli" ] || scripts/build.sh release --target retroanim_cli
mkdir -p "$work"
"$cli" --version | grep -qx "retroanim 0.3.0" || fail "retroanim --version: $("$cli" --version)"

# The reference: the CLI's own output on the demo's .nmo, as hex floats.
"$cli" demo --out "$work/demo" >/dev/null
nmo=$work/demo/ck_play_demo.nmo
curve_steps=0,0.1,0.25,0.5,0.75,0.9,1
anim_steps=0,0.3,0.5,0.77,1
"$cli" ck curve "$nmo" --name I_MenuLevel_Curve --at $curve_steps --json |
  jq -r '.samples[] | "curve \(.step): \(.pos + .dir | map(tostring) | join(" "))"' >"$work/expected.dec"
"$cli" ck anim "$nmo" --name "Record Anim" --at $anim_steps --json |
  jq -r '.samples[] | "anim \(.step): \(.world | flatten | map(tostring) | join(" "))"' >>"$work/expected.dec"
[ "$(wc -l <"$work/expected.dec")" -eq 12 ] || fail "unexpected CLI output in $work/expected.dec"

passed=0
for kind in "${kinds[@]}"; do
  case "$kind" in shared) shared=ON ;; static) shared=OFF ;; *) fail "unknown kind $kind" ;; esac
  # One build directory for both kinds: the objects are the same (position-
  # independent, hidden visibility), so the second kind only relinks.
  b=$work/lib-build prefix=$work/$kind-prefix c=$work/$kind-consumer
  rm -rf "$prefix" "$c"
  echo "== package-test $kind: library alone (zlib only), install into $prefix"
  cmake -S . -B "$b" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=$shared \
    -DRETROANIM_CLI=OFF -DRETROANIM_TESTS=OFF -DRETROANIM_BENCH=OFF -DRETROANIM_FUZZ=OFF -DRETROANIM_EXAMPLES=OFF \
    -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON \
    -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON \
    -DCMAKE_INSTALL_PREFIX="$prefix" >"$work/$kind-configure.log"
  cmake --build "$b" -j "${JOBS:-$(nproc)}" >"$work/$kind-build.log" || { tail -30 "$work/$kind-build.log"; fail "$kind build"; }
  cmake --install "$b" >"$work/$kind-install.log"
  ! grep -rlE "nlohmann|CLI/CLI" "$prefix/include" || fail "an installed header includes nlohmann-json or CLI11"
  [ -f "$prefix/include/retroanim/version.h" ] || fail "version.h not installed"
  # Every header under include/retroanim/ is installed, and nothing else.
  diff <(cd include && find retroanim -name '*.h' | sort) \
       <(cd "$prefix/include" && find . -name '*.h' ! -path ./retroanim/version.h | sed 's|^\./||' | sort) \
    || fail "the installed headers are not exactly include/retroanim/"
  ! grep -qE "RETROANIM_C_API.*(bench|scenario|player|workload)" "$prefix/include/retroanim/retroanim.h" ||
    fail "retroanim.h declares harness functions"
  libdir=$(dirname "$(find "$prefix" -name retroanim.pc)")/..
  if [ $shared = ON ]; then
    so=$(find "$prefix" -name 'libretroanim.so.*.*.*')
    readelf -d "$so" | grep -q 'SONAME.*\[libretroanim.so.0.3\]' || fail "SONAME is not libretroanim.so.0.3"
    # nlohmann-json's own code (not retroanim functions that take its types).
    n_nl=$(nm -D --defined-only -C "$so" | grep -cE ' [A-Za-z] ((typeinfo|typeinfo name|vtable|guard variable) for )?nlohmann::' || true)
    n_all=$(nm -D --defined-only "$so" | wc -l)
    n_c=$(nm -D --defined-only "$so" | grep -c ' T ra_' || true)
    echo "   $(basename "$so"): $n_all exported symbols, $n_c C API functions, $n_nl nlohmann"
    [ "$n_nl" -eq 0 ] || fail "the shared library exports nlohmann-json symbols"
    [ "$n_c" -ge 8 ] || fail "the shared library does not export the C API"
    # The product only: nothing of the harness (scenario runners, benchmark
    # workloads, JSON views) in the library, no benchmark entry point in the C API.
    n_h=$(nm -C --defined-only "$so" | grep -cE 'retroanim::(bench|ck::Scenario|ac::(run_scenario|load_scenario|ScenarioReader|hook_to_json))|ra_ac_bench|ra_ac_scenario|ra_ck_player' || true)
    [ "$n_h" -eq 0 ] || { nm -C --defined-only "$so" | grep -E 'retroanim::(bench|ck::Scenario|ac::(run_scenario|load_scenario|ScenarioReader|hook_to_json))|ra_ac_bench|ra_ac_scenario|ra_ck_player' | head; fail "the library holds harness symbols"; }
    n_nl_all=$(nm -C "$so" | grep -c 'nlohmann' || true)
    [ "$n_nl_all" -eq 0 ] || fail "the shared library holds nlohmann-json symbols"
  fi

  echo "== package-test $kind: consumer project ($flags)"
  cmake -S tests/consumer -B "$c" "${gen[@]}" -DCMAKE_BUILD_TYPE= -DCMAKE_PREFIX_PATH="$prefix" \
    "-DCMAKE_CXX_FLAGS=$flags" "-DCMAKE_C_FLAGS=$flags" >"$work/$kind-consumer.log"
  cmake --build "$c" >>"$work/$kind-consumer.log" || { tail -30 "$work/$kind-consumer.log"; fail "$kind consumer build"; }
  "$c/hexfloat" <"$work/expected.dec" >"$work/expected.hex"
  "$c/consumer_cpp" "$nmo" >"$c/cpp.out"
  "$c/consumer_c" "$nmo" >"$c/c.out"
  # Plain C, no build system: pkg-config gives all the flags.
  pc() { PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config "$@" retroanim; }
  [ "$(pc --modversion)" = 0.3.0 ] || fail "pkg-config --modversion"
  # shellcheck disable=SC2046
  cc $flags -o "$c/consumer_pkgconfig" tests/consumer/consumer.c $(pc --cflags --libs) || fail "cc with pkg-config"
  LD_LIBRARY_PATH="$(cd "$libdir" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$c/consumer_pkgconfig" "$nmo" >"$c/pkgconfig.out"
  for out in cpp c pkgconfig; do
    diff -u "$work/expected.hex" "$c/$out.out" >"$c/$out.diff" || { head -20 "$c/$out.diff"; fail "$kind $out differs from the CLI"; }
    passed=$((passed + 1))
  done
  "$c/consumer_inline" >"$c/inline.out"
  "$c/consumer_inline_ref" >"$c/inline_ref.out"
  diff -q "$c/inline_ref.out" "$c/inline.out" >/dev/null || fail "$kind: inline header arithmetic differs under $flags"
  passed=$((passed + 1))
  echo "   $kind: C++, C, pkg-config C equal the CLI bit for bit; inline header arithmetic equal"
done
echo "package-test: $passed passed, 0 failed"
