#!/usr/bin/env bash
# Installs the Debian packages retroanim needs, when missing.
#   scripts/bootstrap.sh [dev]   build and test everything (scripts/test.sh, default)
#   scripts/bootstrap.sh demo    only what scripts/demo.sh needs (library + CLI)
#   scripts/bootstrap.sh bench   the benchmark programs and jq (scripts/bench-targets.sh)
#   scripts/bootstrap.sh windows the mingw-w64 cross compiler, its zlib and Wine
#                                (scripts/build.sh windows, scripts/test-windows.sh)
#   scripts/bootstrap.sh wasm    Emscripten, the headers the WebAssembly module compiles and
#                                Node.js with tools/viewer's npm packages (scripts/build.sh wasm)
# Idempotent: prints nothing and installs nothing when everything is present.
set -euo pipefail
profile=${1:-dev}

case "$profile" in
  demo)    packages=(cmake ninja-build g++ zlib1g-dev libstb-dev libcli11-dev libtinygltf-dev)
           optional=(ccache) ;;
  dev)     packages=(cmake ninja-build g++ pkg-config jq
                     zlib1g-dev libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libtinygltf-dev
                     libstb-dev  # images: embedded textures decoded (stb_image)
                     libsquish-dev  # the tests: the library's DXT1-5 decoder checked against libsquish's
                     librapidcheck-dev  # the property tests (tests/properties)
                     libsimde-dev  # the AVX-512 kernel's test on machines without AVX-512 (tests/emulated)
                     mono-mcs mono-runtime  # the C# binding's tests (bindings/csharp, examples/csharp)
                     pybind11-dev python3-dev python3-numpy  # the Python module (bindings/python)
                     python3-pytest python3-hypothesis  # its tests (bindings/python/tests)
                     blender  # the Blender add-on's headless test (bindings/blender)
                     chromium librsvg2-bin fonts-dejavu-core)  # the viewer's page test, the SVG plots' PNG test
           # Optional: clang builds the libFuzzer targets; ccache speeds up rebuilds.
           optional=(clang ccache) ;;
  bench)   packages=(cmake ninja-build g++ jq zlib1g-dev libstb-dev libbenchmark-dev nlohmann-json3-dev)
           optional=(ccache) ;;
  windows) packages=(cmake ninja-build g++-mingw-w64-x86-64 libz-mingw-w64-dev libstb-dev wine64 libcli11-dev libgtest-dev)
           optional=(ccache) ;;
  wasm)    packages=(cmake ninja-build emscripten libstb-dev libtinygltf-dev)
           optional=(ccache) ;;
  *) echo "bootstrap: unknown profile $profile (dev|demo|bench|windows|wasm)" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}" "${optional[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# Node.js and npm (dev): Debian's, unless some node and npm are already on PATH.
if { [ "$profile" = dev ] || [ "$profile" = wasm ]; } && ! { command -v node && command -v npm; } >/dev/null 2>&1; then
  missing+=(nodejs npm)
fi
if [ ${#missing[@]} -gt 0 ]; then

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
fi

# npm packages (dev): each tools/*/ folder with a package-lock.json gets its
# node_modules from `npm ci` (the locked versions; never fetched by the tests
# themselves), again only when the lock file changed since. tools/viewer:
# three.js for `retroanim view`, puppeteer-core for its page test, esbuild for
# the viewer folder of the wasm build (which needs them too).
if [ "$profile" = dev ] || [ "$profile" = wasm ]; then
  for lock in "$(dirname "$0")"/../tools/*/package-lock.json; do
    [ -f "$lock" ] || continue
    dir=$(dirname "$lock")
    stamp="$dir/node_modules/.package-lock.json"
    if [ ! -f "$stamp" ] || [ "$lock" -nt "$stamp" ]; then
      echo "bootstrap: npm ci in ${dir#*/../}" >&2
      (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
    fi
  done
fi
