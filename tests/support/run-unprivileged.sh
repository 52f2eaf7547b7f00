#!/bin/sh
# Runs a test binary as user "nobody" when invoked as root; otherwise runs it directly.
# Exits 77 (skipped) when it cannot drop privileges.
# The binary is copied to a world-readable temporary folder first, because the build tree
# may live under a folder (/root, a 0700 checkout) that "nobody" cannot enter.
set -eu
binary=$1
shift
if [ "$(id -u)" -ne 0 ]; then
    exec "$binary" "$@"
fi
if ! command -v setpriv >/dev/null 2>&1; then
    # 77: CTest reports the test as Skipped (SKIP_RETURN_CODE in tests/CMakeLists.txt).
    echo "SKIP: setpriv (util-linux) is needed to drop privileges" >&2
    exit 77
fi
stage=$(mktemp -d /tmp/sluice-unprivileged-XXXXXX)
trap 'rm -rf "$stage"' EXIT
cp "$binary" "$stage/"
chmod 755 "$stage" "$stage/$(basename "$binary")"
# A state folder "nobody" can write: the job journal lives there (a journal that cannot be
# written is a warning of every copy).
mkdir "$stage/state"
chown nobody:nogroup "$stage/state"
cd "$stage"
HOME=$stage TMPDIR=/tmp XDG_STATE_HOME=$stage/state XDG_RUNTIME_DIR= setpriv --reuid=nobody --regid=nogroup --clear-groups \
    "$stage/$(basename "$binary")" "$@"
