#!/usr/bin/env bash
# The tests of the C API examples (examples/CMakeLists.txt): each example's
# output compared with the CLI's on the same input.
#   run_example_test.sh c_play CLI EXAMPLE FILE SCENARIO SECONDS DT_MS
#   run_example_test.sh ac_scenario CLI MONO EXAMPLES_DIR SCENARIO.json
#   run_example_test.sh ac_tick CLI MONO EXAMPLES_DIR OBJECTS TICKS
set -euo pipefail
mode=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case "$mode" in
  c_play)
    cli=$1 example=$2 file=$3 scenario=$4 seconds=$5 dt=$6
    "$cli" ck play "$file" --scenario "$scenario" --seconds "$seconds" --dt-ms "$dt" --json > "$tmp/cli.jsonl"
    "$example" "$file" "$scenario" "$seconds" "$dt" > "$tmp/example.jsonl"
    [ -s "$tmp/cli.jsonl" ] || { echo "the CLI printed nothing" >&2; exit 1; }
    cmp "$tmp/cli.jsonl" "$tmp/example.jsonl"
    echo "$(wc -l < "$tmp/cli.jsonl") lines identical" ;;
  ac_scenario)
    cli=$1 mono=$2 dir=$3 scenario=$4
    "$cli" ac scenario "$scenario" > "$tmp/cli.jsonl"
    (cd "$tmp" && "$mono" "$dir/AcScenario.exe" "$scenario" > "$tmp/example.jsonl")
    "$mono" "$dir/JsonLinesDiff.exe" "$tmp/cli.jsonl" "$tmp/example.jsonl" ;;
  ac_tick)
    cli=$1 mono=$2 dir=$3 objects=$4 ticks=$5
    want=$("$cli" ac bench --objects "$objects" --ticks "$ticks" --threads 1 --json | sed -n 's/.*"checksum": "\(0x[0-9a-f]*\)".*/\1/p')
    got=$(cd "$tmp" && "$mono" "$dir/AcTick.exe" --objects "$objects" --ticks "$ticks" | sed -n 's/.*"checksum": "\(0x[0-9a-f]*\)".*/\1/p')
    echo "retroanim ac bench: $want, AcTick.exe: $got"
    [ -n "$want" ] && [ "$want" = "$got" ] ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
