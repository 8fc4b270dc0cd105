#!/usr/bin/env bash
# Installs the Debian packages retroanim needs, when missing.
#   scripts/bootstrap.sh [dev]   build and test everything (scripts/test.sh, default)
#   scripts/bootstrap.sh demo    only what scripts/demo.sh needs (library + CLI)
#   scripts/bootstrap.sh windows the mingw-w64 cross compiler, its zlib and Wine
#                                (scripts/build.sh windows, scripts/test-windows.sh)
# Idempotent: prints nothing and installs nothing when everything is present.
set -euo pipefail
profile=${1:-dev}

case "$profile" in
  demo)    packages=(cmake ninja-build g++ zlib1g-dev libcli11-dev libtinygltf-dev)
           optional=(ccache) ;;
  dev)     packages=(cmake ninja-build g++ pkg-config jq
                     zlib1g-dev libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libtinygltf-dev)
           # Optional: clang builds the libFuzzer targets; ccache speeds up rebuilds.
           optional=(clang ccache) ;;
  windows) packages=(cmake ninja-build g++-mingw-w64-x86-64 libz-mingw-w64-dev wine64 libcli11-dev libgtest-dev)
           optional=(ccache) ;;
  *) echo "bootstrap: unknown profile $profile (dev|demo|windows)" >&2; exit 2 ;;
esac

# dev: Node.js for the glTF validation tests (Debian's nodejs and npm unless a
# node with npm is already there), and their npm packages, installed with
# `npm ci` from tools/node/package-lock.json into tools/node/node_modules
# (the tests never fetch anything).
if [ "$profile" = dev ] && ! command -v npm >/dev/null; then packages+=(nodejs npm); fi
npm_modules() {
  [ "$profile" = dev ] || return 0
  local dir
  dir="$(cd "$(dirname "$0")/.." && pwd)/tools/node"
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    echo "bootstrap: npm ci in tools/node (glTF validator and reader for the tests)" >&2
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  fi
}

missing=()
for p in "${packages[@]}" "${optional[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && { npm_modules; exit 0; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "bootstrap: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
# Required packages must install; optional ones may be unavailable.
req=()
for p in "${missing[@]}"; do
  case " ${optional[*]} " in *" $p "*) ;; *) req+=("$p") ;; esac
done
if [ ${#req[@]} -gt 0 ]; then
  $SUDO apt-get install -y -qq --no-install-recommends "${req[@]}" >/dev/null
fi
for p in "${missing[@]}"; do
  case " ${optional[*]} " in
    *" $p "*) $SUDO apt-get install -y -qq --no-install-recommends "$p" >/dev/null 2>&1 || echo "bootstrap: optional $p not installed" >&2 ;;
  esac
done
npm_modules
