#!/usr/bin/env bash
# Fuzz campaigns: runs libFuzzer targets (fuzz/*.cpp, built by `scripts/build.sh
# fuzz`: clang, ASan + UBSan) for a given time each, keeping the grown corpus
# outside the tree so that campaigns accumulate, and reports per target the
# executions, executions per second, coverage (cov = edges, ft = features) and
# findings.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      a campaign of SECONDS per target (default 60;
#                                              all targets when none is named), one after another
#   scripts/fuzz.sh --merge [TARGET...]        minimises the grown corpus into fuzz/corpus/<target>
#                                              (the seed set committed and replayed by CI)
#   scripts/fuzz.sh --report                   the ledger: every campaign so far and the totals
#
# Corpus: build/fuzz-corpus/<target> (grown; seeded from fuzz/corpus/<target> and
# fuzz/crashes/<target> on every run). Findings (crash-*, leak-*, timeout-*, oom-*)
# go to build/fuzz-corpus/findings/<target>/; once fixed, copy each into
# fuzz/crashes/<target>/, which CI replays. Ledger: build/fuzz-corpus/ledger.tsv.
# Set FUZZ_NICE=19 to run under `nice -n 19` (builds keep priority), FUZZ_TIMEOUT=S for
# libFuzzer's per-input timeout (wall clock: 10 s, or 60 s under FUZZ_NICE, where a
# fuzzer behind two builds gets ~1.5 % of a core and a 150 ms input takes 10 s), FUZZ_NO_BUILD=1
# to skip the build step (e.g. for a second campaign started alongside a first).
set -euo pipefail
cd "$(dirname "$0")/.."

# Inputs longer than this are not tried (-max_len): small enough for >= 2,000
# executions per second, large enough for every seed of the target.
max_len_of() {
  case "$1" in
    dat_container) echo 8192 ;;  # the seeds are the demo's objects in 64- and 256-byte blocks
    ck_scenario) echo 2048 ;;    # each input builds a composition and runs 4 frames
    *) echo 4096 ;;
  esac
}

all_targets() { for f in fuzz/*.cpp; do basename "$f" .cpp; done; }

root=build/fuzz-corpus
ledger=$root/ledger.tsv
mkdir -p "$root"
[ -f "$ledger" ] || printf 'date\ttarget\tseconds\texecutions\texec_per_s\tcov\tft\tcorpus\tfindings\n' >"$ledger"

report() {
  column -t -s $'\t' "$ledger"
  echo
  echo "totals per target:"
  awk -F'\t' 'NR > 1 { e[$2] += $4; s[$2] += $3; f[$2] += $9; c[$2] = $6; t[$2] = $7 }
              END { printf "%-18s %14s %9s %7s %7s %8s\n", "target", "executions", "seconds", "cov", "ft", "findings";
                    for (k in e) printf "%-18s %14d %9d %7s %7s %8d\n", k, e[k], s[k], c[k], t[k], f[k] }' "$ledger" | sort
}

if [ "${1:-}" = "--report" ]; then report; exit 0; fi

nice_cmd=()
[ -n "${FUZZ_NICE:-}" ] && nice_cmd=(nice -n "$FUZZ_NICE")
timeout_s=${FUZZ_TIMEOUT:-$([ -n "${FUZZ_NICE:-}" ] && echo 60 || echo 10)}

if [ "${1:-}" = "--merge" ]; then
  shift
  targets=("$@")
  [ ${#targets[@]} -eq 0 ] && mapfile -t targets < <(all_targets)
  for t in "${targets[@]}"; do
    [ -d "$root/$t" ] || { echo "$t: no grown corpus in $root/$t"; continue; }
    fresh=$(mktemp -d)
    "${nice_cmd[@]}" "build/fuzz/fuzz/fuzz_$t" -merge=1 -max_len="$(max_len_of "$t")" -rss_limit_mb=4096 \
      "$fresh" "fuzz/corpus/$t" "$root/$t" >"$root/$t.merge.log" 2>&1
    rm -rf "fuzz/corpus/$t"
    mkdir -p "fuzz/corpus/$t"
    cp "$fresh"/* "fuzz/corpus/$t/" 2>/dev/null || true
    rm -rf "$fresh"
    echo "$t: $(ls "fuzz/corpus/$t" | wc -l) inputs, $(du -sb "fuzz/corpus/$t" | cut -f1) bytes in fuzz/corpus/$t"
  done
  exit 0
fi

secs=60
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then secs=$1; shift; fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && mapfile -t targets < <(all_targets)
[ -n "${FUZZ_NO_BUILD:-}" ] || scripts/build.sh fuzz >/dev/null

status=0
for t in "${targets[@]}"; do
  corpus=$root/$t
  findings=$root/findings/$t
  log=$root/$t.log
  mkdir -p "$corpus" "$findings"
  for seeds in "fuzz/corpus/$t" "fuzz/crashes/$t"; do
    [ -d "$seeds" ] && cp -n "$seeds"/* "$corpus"/ 2>/dev/null || true
  done
  before=$(ls "$findings" | grep -cE "^(crash|leak|timeout|oom)-" || true)
  echo "== fuzz_$t: ${secs}s, corpus $corpus ($(ls "$corpus" | wc -l) inputs)"
  rc=0
  started=$SECONDS
  "${nice_cmd[@]}" "build/fuzz/fuzz/fuzz_$t" -max_total_time="$secs" -max_len="$(max_len_of "$t")" \
    -rss_limit_mb=4096 -timeout="$timeout_s" -artifact_prefix="$findings/" -print_final_stats=1 "$corpus" >"$log" 2>&1 || rc=$?
  elapsed=$((SECONDS - started))  # less than SECONDS when a finding stops the run
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  new=$(( $(ls "$findings" | grep -cE "^(crash|leak|timeout|oom)-" || true) - before ))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$elapsed" "${execs:-0}" "${rate:-0}" \
    "${cov:-?}" "${ft:-?}" "$(ls "$corpus" | wc -l)" "$new" >>"$ledger"
  echo "   ${elapsed}s, executions ${execs:-?}, ${rate:-?}/s, cov ${cov:-?}, ft ${ft:-?}, corpus $(ls "$corpus" | wc -l), findings $new"
  if [ "$rc" -ne 0 ] || [ "$new" -gt 0 ]; then
    echo "   fuzz_$t: finding(s), see $log and $findings/"
    status=1
  fi
done
exit $status
