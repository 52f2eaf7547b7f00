#!/usr/bin/env bash
# Formats Sluice's C++ sources with clang-format-14 and the repository's .clang-format.
#   scripts/format.sh           rewrite the files in place
#   scripts/format.sh --check   change nothing; list the differences and fail if there are any
set -euo pipefail
cd "$(dirname "$0")/.."

clang_format=clang-format-14
mode=(-i)
if [ "${1:-}" = "--check" ]; then
    mode=(--dry-run --Werror)
fi

# Project sources only: build trees (build/, build-*/, anywhere) are never formatted.
dirs=()
for dir in app core desktop ui tests bench; do
    [ -d "$dir" ] && dirs+=("$dir")
done
mapfile -d '' files < <(find "${dirs[@]}" -type d -name 'build*' -prune \
                             -o -type f \( -name '*.h' -o -name '*.cpp' \) -print0 | sort -z)
if [ ${#files[@]} -eq 0 ]; then
    echo "format: no sources found" >&2
    exit 1
fi
echo "format: ${#files[@]} files with $($clang_format --version | head -n1)"
"$clang_format" "${mode[@]}" "${files[@]}"
