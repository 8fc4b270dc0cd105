#!/usr/bin/env bash
# Regenerates the generated part of the seed corpus, fuzz/corpus/<target>/, from
# what the project writes itself (never from a game file): the Release CLI's
# `retroanim demo` output (its dat, scenarios, curve spec) and the writers on
# fuzz/support/fuzz_scene.h (fuzz/support/make_seeds.cpp). Files already in
# fuzz/corpus (e.g. a minimised campaign corpus, scripts/fuzz.sh --merge) stay.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh release --target retroanim_cli --target fuzz_make_seeds >/dev/null
demo=$(mktemp -d)
trap 'rm -rf "$demo"' EXIT
build/release/retroanim demo --out "$demo" >/dev/null
build/release/fuzz/fuzz_make_seeds fuzz/corpus "$demo"
for f in tests/data/ac/*.json; do
  mkdir -p fuzz/corpus/ac_scenario
  cp "$f" fuzz/corpus/ac_scenario/
done
