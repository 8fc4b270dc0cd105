#!/usr/bin/env bash
# README command 1: install what is missing, build the command-line tool (only
# what the demo runs: the library and the CLI), and run the demo on built-in data.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh demo
scripts/build.sh release -DRETROANIM_TESTS=OFF -DRETROANIM_BENCH=OFF -DRETROANIM_FUZZ=OFF \
  -DRETROANIM_EXAMPLES=OFF --target retroanim_cli
build/release/retroanim demo --out demo-output
