#!/usr/bin/env bash
# Installs what Sluice needs (Debian 12), builds it in build/ and starts the window.
# Arguments are passed to the window: ./run.sh --to ~/Backup ~/Photos
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh build
scripts/build.sh
if [ -x build/app/gui/sluice ]; then
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
        echo "No display found. Start Sluice from a desktop session, or try it with:" >&2
        echo "  xvfb-run -a build/app/gui/sluice" >&2
        echo "The terminal front end works anywhere: build/app/cli/sluice-cli --help" >&2
        exit 1
    fi
    exec build/app/gui/sluice "$@"
fi
cat <<'USAGE'
The window is not built yet; the terminal front end is ready:

  build/app/cli/sluice-cli --help
  build/app/cli/sluice-cli ~/Photos /media/usb/       # copy a folder into a folder
  build/app/cli/sluice-cli --progress json big.iso /mnt/backup/
USAGE
