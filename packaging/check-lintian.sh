#!/usr/bin/env bash
# Runs lintian on the .deb that check-deb.sh left in DEB_DIR and fails on any error or
# warning. Info tags are shown but do not fail: packaging/CMakeLists.txt explains each one
# that is left (lintian's default fails on errors only).
# Usage: packaging/check-lintian.sh LINTIAN DEB_DIR
set -euo pipefail
lintian=$1
deb=$(ls "$2"/*.deb)
"$lintian" --fail-on error,warning --display-info --tag-display-limit 0 "$deb"
