#!/usr/bin/env bash
# Runs libFuzzer targets (fuzz/*.cpp) for a while each, with ASan and UBSan.
#   scripts/fuzz.sh [SECONDS] [TARGET...] [-- SEED_DIR...]
# SECONDS per target (default 60); targets default to all (nmo_reader,
# dat_container, ...). Seed directories (e.g. real game files) are copied into
# each target's corpus under build/fuzz/corpus/<target>; crashes are written to
# build/fuzz/crashes/<target>/. Needs clang (scripts/bootstrap.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
targets=()
seeds=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; seeds=("$@"); break; fi
  targets+=("$1"); shift
done
scripts/build.sh fuzz >/dev/null
if [ ${#targets[@]} -eq 0 ]; then
  for f in fuzz/*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
status=0
for t in "${targets[@]}"; do
  corpus=build/fuzz/corpus/$t
  crashes=build/fuzz/crashes/$t
  mkdir -p "$corpus" "$crashes"
  for s in "${seeds[@]}"; do cp -r "$s"/. "$corpus"/ 2>/dev/null || true; done
  echo "== fuzz_$t: ${secs}s"
  if ! "build/fuzz/fuzz/fuzz_$t" -max_total_time="$secs" -max_len=1048576 -rss_limit_mb=4096 -timeout=10 \
       -artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" 2>"build/fuzz/$t.log"; then
    echo "fuzz_$t: failure, see build/fuzz/$t.log and $crashes/"
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "build/fuzz/$t.log" || true
done
exit $status
