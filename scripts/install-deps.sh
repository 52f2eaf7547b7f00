#!/usr/bin/env bash
# Installs the Debian 12 packages Sluice needs, only those that are missing.
#   scripts/install-deps.sh build   compiler, CMake, Qt 6, xxHash (what ./run.sh needs)
#   scripts/install-deps.sh test    build + what the test suite uses (Xvfb, file-system tools,
#                                   sshfs and an OpenSSH server for tests/fs/tst_sshfs.cpp,
#                                   samba and smbnetfs for tests/fs/tst_smbnetfs.cpp, tzdata)
#   scripts/install-deps.sh ci      test + the checks of .ci/run (clang-format-14, clang-tidy-14)
set -euo pipefail

group=${1:-build}

# libqt6opengl6-dev: Qt6Charts' CMake package requires Qt6OpenGL, but Debian's
# qt6-charts-dev does not depend on it (a fresh Debian 12 fails to find Qt6Charts).
# qt6-gtk-platformtheme: the desktop's (dark) GTK palette and standard buttons in the window,
# as scripts/screenshot.sh --dark and the ui-mnemonics-gtk test use it.
build=(build-essential cmake ninja-build pkg-config ccache
       qt6-base-dev qt6-base-dev-tools libgl-dev libqt6opengl6-dev
       qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
       qt6-translations-l10n qt6-qpa-plugins libqt6svg6 qt6-gtk-platformtheme
       libxxhash-dev fonts-dejavu-core help2man librsvg2-bin)
test=(xvfb xauth imagemagick util-linux e2fsprogs xfsprogs btrfs-progs attr acl
      fusefat exfat-fuse fuse3 dosfstools exfatprogs xxhash rsync desktop-file-utils appstream
      dpkg-dev fakeroot file lintian libxcb1-dev
      sshfs openssh-server openssh-client git samba smbnetfs
      dbus dbus-daemon python3-dbusmock udisks2)
# tzdata: /usr/share/zoneinfo is one of the real trees core-realtree copies (Debian's minimal
# images leave it out; the test would skip that row).
test+=(tzdata)
# .ci/run calls the versioned binaries; GCC's AddressSanitizer and UBSan runtimes
# (libasan8, libubsan1) come with build-essential.
ci=(clang-format-14 clang-tidy-14)

packages=("${build[@]}")
case "$group" in
    build) ;;
    test) packages+=("${test[@]}") ;;
    ci) packages+=("${test[@]}" "${ci[@]}") ;;
    *) echo "usage: $0 build|test|ci" >&2; exit 2 ;;
esac

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
