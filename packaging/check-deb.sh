#!/usr/bin/env bash
# Builds the .deb from a configured build folder and checks what it installs and needs.
# Usage: packaging/check-deb.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$build" && cpack -G DEB -B "$work" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/*.deb)
# Names may hold spaces: drop the five columns before the name, then the leading dot.
dpkg-deb -c "$deb" | sed -E 's/^([^ ]+ +){5}//; s|^\./|/|' >"$work/files"
status=0
for expected in \
    /usr/bin/sluice /usr/bin/sluice-cli \
    /usr/share/applications/io.github.sluicecopy.Sluice.desktop \
    /usr/share/metainfo/io.github.sluicecopy.Sluice.metainfo.xml \
    /usr/share/icons/hicolor/scalable/apps/io.github.sluicecopy.Sluice.svg \
    /usr/share/icons/hicolor/48x48/apps/io.github.sluicecopy.Sluice.png \
    /usr/share/icons/hicolor/256x256/apps/io.github.sluicecopy.Sluice.png \
    /usr/share/man/man1/sluice.1.gz /usr/share/man/man1/sluice-cli.1.gz \
    /usr/share/kio/servicemenus/sluice-servicemenu.desktop \
    "/usr/share/sluice/nautilus-scripts/Copy with Sluice…"; do
    if ! grep -qxF "$expected" "$work/files"; then
        echo "missing from the package: $expected"
        status=1
    fi
done
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for library in libqt6core6 libqt6widgets6 libxxhash0 libc6 qt6-qpa-plugins; do
    if ! grep -q "$library" <<<"$depends"; then
        echo "missing dependency: $library"
        status=1
    fi
done
exit $status
