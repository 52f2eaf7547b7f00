#!/usr/bin/env bash
# Configures and builds Sluice in build/ (Release). Extra arguments go to CMake.
# Uses ccache when it is installed (CCACHE_DIR and friends are honoured).
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
if command -v ccache >/dev/null 2>&1; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
# SLUICE_WERROR=ON in the environment makes compiler warnings errors (.ci/run sets it);
# otherwise they stay warnings, whatever an earlier run left in build/'s cache.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSLUICE_WERROR="${SLUICE_WERROR:-OFF}" \
    "${launcher[@]}" "$@"
cmake --build build --parallel
