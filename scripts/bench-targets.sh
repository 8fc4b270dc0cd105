#!/usr/bin/env bash
# The tick on every core (issue 18): its benchmark targets measured on this
# machine, each ratio from one run of the benchmarks (docs/PERFORMANCE.md,
# "Performance: the tick on every core"). Installs what is missing
# (scripts/bootstrap.sh bench), builds the two benchmark programs
# (build/bench) and prints, for each target, the ratio, the target and
# whether this run meets it. Wall-clock ratios: run it with nothing else
# running. Exit status 0 when the run completed, whatever it measured.
#   scripts/bench-targets.sh [--min-time SECONDS] [--repetitions N] [--json FILE]
#     --min-time     Google Benchmark's minimum time per benchmark (default 0.5)
#     --repetitions  runs of each benchmark, the median kept (default 3)
#     --json FILE    also write the measurements (the medians) as one JSON object
set -euo pipefail
cd "$(dirname "$0")/.."
min_time=0.5
repetitions=3
json_out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --min-time|--repetitions|--json)
      [ $# -ge 2 ] || { echo "bench-targets: $1 wants a value" >&2; exit 2; }
      case "$1" in --min-time) min_time="$2" ;; --repetitions) repetitions="$2" ;; --json) json_out="$2" ;; esac
      shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-targets: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
if ! [[ "$min_time" =~ ^([0-9]+(\.[0-9]*)?|\.[0-9]+)$ ]] || ! awk -v t="$min_time" 'BEGIN { exit !(t > 0) }'; then
  echo "bench-targets: --min-time wants a positive number of seconds, not '$min_time'" >&2
  exit 2
fi
case "$repetitions" in
  ''|*[!0-9]*|0) echo "bench-targets: --repetitions wants a positive whole number, not '$repetitions'" >&2; exit 2 ;;
esac

scripts/bootstrap.sh bench
scripts/build.sh bench --target bench_ac_update --target bench_anim >&2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ac=build/bench/bench/bench_ac_update
ck=build/bench/bench/bench_anim
run() {  # program, filter, output file: every benchmark $repetitions times, the medians kept
  "$1" --benchmark_filter="$2" --benchmark_min_time="$min_time" --benchmark_repetitions="$repetitions" \
    --benchmark_report_aggregates_only=true --benchmark_format=json --benchmark_out_format=json \
    --benchmark_out="$3" >/dev/null
}
echo "bench-targets: running the AC benchmarks (about a minute per repetition)" >&2
run "$ac" '^BM_AcTick_ChainOverBaseline/objects:10000/|^BM_AcTick_Threads/' "$tmp/ac.json"
echo "bench-targets: running the ck benchmarks" >&2
# Two processes: after the threads benchmark has freed its 11 MB of keys,
# glibc serves the next key arrays from the heap instead of pages of their
# own, and the 1,024-track case measures slower in that process
# (docs/PERFORMANCE.md, "ck batch, one thread").
run "$ck" '^Sequential/PreparedBatchThreads/' "$tmp/ck_threads.json"
run "$ck" '^Sequential/PreparedBatch/(64/64|1024/64)$' "$tmp/ck.json"

# A benchmark's field (real_time unless named) by its exact name: its median
# over the repetitions (Google Benchmark reports no aggregates for one).
suffix=$([ "$repetitions" -gt 1 ] && echo _median || true)
field() {  # file, name, [field]
  jq -er --arg n "$2$suffix" --arg f "${3:-real_time}" '[.benchmarks[] | select(.name == $n)][0][$f]' "$1" ||
    { echo "bench-targets: no ${3:-real_time} for $2$suffix in $(basename "$1")" >&2; exit 1; }
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
verdict() {  # value, "le" or "ge", target
  awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { ok = (op == "le") ? (v <= t) : (v >= t); print ok ? "met" : "NOT met" }'
}

path=$(jq -r '.context.part_kernel_path // "unknown"' "$tmp/ac.json")
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
cores=$(jq -r '.context.num_cpus' "$tmp/ac.json")
echo "machine: ${cpu:-unknown CPU}, $cores CPUs; AC part kernel: $path"

t=BM_AcTick_Threads
headroom=$(field "$tmp/ac.json" BM_AcTick_ChainOverBaseline/objects:10000/manual_time ratio)
headroom=$(awk -v r="$headroom" 'BEGIN { printf "%.3f", r }')
cyc1=$(field "$tmp/ac.json" $t/objects:10000/threads:1/kind:0/real_time)
cyc2=$(field "$tmp/ac.json" $t/objects:10000/threads:2/kind:0/real_time)
mov1=$(field "$tmp/ac.json" $t/objects:10000/threads:1/kind:1/real_time)
mov2=$(field "$tmp/ac.json" $t/objects:10000/threads:2/kind:1/real_time)
many1=$(field "$tmp/ac.json" $t/objects:10000/threads:1/kind:2/real_time)
many2=$(field "$tmp/ac.json" $t/objects:10000/threads:2/kind:2/real_time)
big1=$(field "$tmp/ac.json" $t/objects:100000/threads:1/kind:0/real_time)
ck1=$(field "$tmp/ck_threads.json" Sequential/PreparedBatchThreads/tracks:4096/threads:1/real_time)
ck2=$(field "$tmp/ck_threads.json" Sequential/PreparedBatchThreads/tracks:4096/threads:2/real_time)
s64=$(field "$tmp/ck.json" Sequential/PreparedBatch/64/64 time_per_sample)
s1024=$(field "$tmp/ck.json" Sequential/PreparedBatch/1024/64 time_per_sample)

rows=(
  "ac tick, 10,000 objects: chain / copy-only baseline|$headroom|le|1.5"
  "ac tick, 10,000 cyclic objects: 1 thread / 2 threads|$(ratio "$cyc1" "$cyc2")|ge|1.7"
  "ac tick, 10,000 moving objects: 1 thread / 2 threads|$(ratio "$mov1" "$mov2")|ge|1.7"
  "ac tick, 10,000 objects, 64 animations: 1 thread / 2 threads|$(ratio "$many1" "$many2")|ge|1.7"
  "ac tick, 1 thread: 100,000 objects / 10,000|$(ratio "$big1" "$cyc1")|le|12"
  "ck batch, 4,096 tracks: 1 thread / 2 threads|$(ratio "$ck1" "$ck2")|ge|1.8"
  "ck batch, per track-sample: 1,024 tracks over 11 MB / 64 tracks|$(ratio "$s1024" "$s64")|le|1.2"
)
printf '%-64s %8s %8s  %s\n' target ratio wanted "this run"
for r in "${rows[@]}"; do
  IFS='|' read -r name value op want <<<"$r"
  sign=$([ "$op" = le ] && echo "<=" || echo ">=")
  printf '%-64s %8s %8s  %s\n' "$name" "$value" "$sign $want" "$(verdict "$value" "$op" "$want")"
done
echo "(from one run, $repetitions repetition(s) of each benchmark, medians when more than one; on a shared or virtual machine the ratios still move from run to run)"

if [ -n "$json_out" ]; then
  jq -n --arg cpu "$cpu" --arg path "$path" --argjson cores "$cores" \
    --argjson headroom "$headroom" --argjson cyc1 "$cyc1" --argjson cyc2 "$cyc2" --argjson mov1 "$mov1" \
    --argjson mov2 "$mov2" --argjson many1 "$many1" --argjson many2 "$many2" --argjson big1 "$big1" \
    --argjson ck1 "$ck1" --argjson ck2 "$ck2" --argjson s64 "$s64" --argjson s1024 "$s1024" \
    '{cpu: $cpu, cpus: $cores, ac_part_kernel: $path,
      ac_headroom_ratio: $headroom,
      ac_ms_per_tick: {cyclic: [$cyc1, $cyc2], moving: [$mov1, $mov2], many: [$many1, $many2], cyclic_100000: $big1},
      ck_batch_4096_ns: [$ck1, $ck2],
      ck_ns_per_sample: {"64/64": ($s64 * 1e9), "1024/64": ($s1024 * 1e9)}}' >"$json_out" || {
    echo "bench-targets: could not write $json_out" >&2
    exit 1
  }
  echo "bench-targets: wrote $json_out" >&2
fi
