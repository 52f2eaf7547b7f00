#!/usr/bin/env bash
# Installs what the tests need (Debian 12), builds in build/ and runs the whole CTest suite
# headless. Extra arguments go to ctest: ./test.sh -L core
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh test
scripts/build.sh
export QT_QPA_PLATFORM=offscreen
cd build
ctest --output-on-failure --parallel "$(nproc)" "$@"
