#!/usr/bin/env bash
# The Windows build under Wine (issue 14): builds build/windows (scripts/build.sh
# windows, mingw-w64), runs every unit-test program under Wine, and checks that
# the Windows CLI prints the same `ck curve`, `ck anim` and `ac scenario`
# outputs as the Linux one (build/release/retroanim, built when missing) on
# the demo's files. Needs g++-mingw-w64-x86-64, libz-mingw-w64-dev and wine64
# (scripts/bootstrap.sh windows installs them). RETROANIM_WINDOWS_CLI_ONLY=1
# builds and checks only the CLI and the DLL (no unit tests).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cli_only=${RETROANIM_WINDOWS_CLI_ONLY:-0}
build_start=$(date +%s)
if [ "$cli_only" = 1 ]; then
  JOBS=${JOBS:-2} scripts/build.sh windows --target retroanim_cli --target retroanim
else
  JOBS=${JOBS:-2} scripts/build.sh windows
fi
echo "test-windows: cross build took $(( $(date +%s) - build_start )) s"
wine=$(command -v wine64 || command -v wine || echo /usr/lib/wine/wine64)
export WINEPREFIX=${WINEPREFIX:-$root/build/windows/wineprefix}
export WINEDEBUG=${WINEDEBUG:--all}
# Wine maps drive Z: to /: the CLI path in Windows form, for tests that run it.
export RETROANIM_CLI="Z:${root//\//\\}\\build\\windows\\retroanim.exe"
w=build/windows
[ -f "$w/retroanim.exe" ] && [ -f "$w/retroanim.dll" ] && [ -f "$w/libretroanim.dll.a" ] ||
  { echo "test-windows: FAIL: retroanim.exe, retroanim.dll or libretroanim.dll.a missing in $w" >&2; exit 1; }
# The Wine run's time includes making the prefix (about 20 s when it is new).
start=$(date +%s)
"$wine" wineboot -i >/dev/null 2>&1 || true

passed=0 failed=0
tests=()
[ "$cli_only" = 1 ] || tests=("$w"/tests/test_*.exe)
for t in ${tests[@]+"${tests[@]}"}; do
  name=$(basename "$t" .exe)
  # From the build directory, as ctest does (tests find data through __FILE__).
  # A program that hangs under Wine fails after RETROANIM_WINE_TIMEOUT seconds.
  if (cd "$w" && timeout "${RETROANIM_WINE_TIMEOUT:-600}" "$wine" "tests/$name.exe" --gtest_brief=1) >"$w/$name.log" 2>&1; then
    passed=$((passed + 1)); echo "test-windows: $name passed"
    grep -E '^\[  PASSED|^\[  SKIPPED' "$w/$name.log" | tr -d '\r' | sed 's/^/    /'
  else
    failed=$((failed + 1)); echo "test-windows: $name FAILED (see $w/$name.log)"
    { grep -E 'FAILED|Failure' "$w/$name.log" || tail -3 "$w/$name.log"; } | tr -d '\r' | head -20 | sed 's/^/    /'
  fi
done

# The same CLI outputs on Windows as on Linux.
linux=build/release/retroanim
[ -x "$linux" ] || scripts/build.sh release --target retroanim_cli
out=$w/cli-compare
rm -rf "$out" && mkdir -p "$out"
"$linux" demo --out "$out/demo" >/dev/null
nmo=$out/demo/ck_play_demo.nmo
compare() {
  local label=$1; shift
  "$linux" "$@" >"$out/$label.linux" 2>&1 || true
  "$wine" "$w/retroanim.exe" "$@" 2>&1 | tr -d '\r' >"$out/$label.windows" || true
  if diff -u "$out/$label.linux" "$out/$label.windows" >"$out/$label.diff"; then
    passed=$((passed + 1)); echo "test-windows: CLI $label: same output as Linux"
  else
    failed=$((failed + 1)); echo "test-windows: CLI $label: DIFFERS (see $out/$label.diff)"; head -10 "$out/$label.diff"
  fi
}
compare ck-curve ck curve "$nmo" --name I_MenuLevel_Curve --at 0,0.1,0.25,0.5,0.75,0.9,1 --json
compare ck-anim ck anim "$nmo" --name "Record Anim" --at 0,0.3,0.5,0.77,1 --json
compare ac-scenario ac scenario "$out/demo/ac/demo_scenario.json"
compare ac-dat-scenario ac scenario "$out/demo/ac/demo_dat_scenario.json"
compare version --version
# The C API through the DLL and its import library: a C program built with
# mingw-w64 against libretroanim.dll.a prints the Linux CLI's bits.
x86_64-w64-mingw32-gcc-posix -O2 -Iinclude -I"$w/include" -o "$w/consumer_c.exe" tests/consumer/consumer.c \
  -L"$w" -lretroanim
"$linux" ck curve "$nmo" --name I_MenuLevel_Curve --at 0,0.1,0.25,0.5,0.75,0.9,1 --json |
  jq -r '.samples[] | "curve \(.step): \(.pos + .dir | map(tostring) | join(" "))"' >"$out/expected.dec"
"$linux" ck anim "$nmo" --name "Record Anim" --at 0,0.3,0.5,0.77,1 --json |
  jq -r '.samples[] | "anim \(.step): \(.world | flatten | map(tostring) | join(" "))"' >>"$out/expected.dec"
cc -o "$out/hexfloat" tests/consumer/hexfloat.c
"$out/hexfloat" <"$out/expected.dec" >"$out/expected.hex"
"$wine" "$w/consumer_c.exe" "$nmo" 2>/dev/null | tr -d '\r' >"$out/dll-c.windows" || true
if diff -u "$out/expected.hex" "$out/dll-c.windows" >"$out/dll-c.diff"; then
  passed=$((passed + 1)); echo "test-windows: C program on retroanim.dll: same bits as the Linux CLI"
else
  failed=$((failed + 1)); echo "test-windows: C program on retroanim.dll: DIFFERS (see $out/dll-c.diff)"
fi
echo "test-windows: Wine run took $(( $(date +%s) - start )) s"
echo "test-windows: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
