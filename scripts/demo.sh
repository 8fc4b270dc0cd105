#!/usr/bin/env bash
# README command 1: install what is missing, build, and run the demo on built-in data.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
scripts/build.sh release
build/release/retroanim demo --out demo-output
