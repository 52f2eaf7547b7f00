#!/usr/bin/env bash
# Builds the .deb from a configured build folder and checks what it installs and needs.
# Usage: packaging/check-deb.sh BUILD_DIR [KEEP_DIR]
# With KEEP_DIR, the package is left there, alone (check-lintian.sh reads it).
set -euo pipefail
build=$(cd "$1" && pwd)
keep=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$build" && cpack -G DEB -B "$work" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/*.deb)
if [[ -n $keep ]]; then
    rm -rf "$keep"
    mkdir -p "$keep"
    cp "$deb" "$keep/"
fi
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
    "/usr/share/sluice/nautilus-scripts/Copy with Sluice…" \
    /usr/share/doc/sluice-copier/copyright /usr/share/doc/sluice-copier/changelog.gz; do
    if ! grep -qxF "$expected" "$work/files"; then
        echo "missing from the package: $expected"
        status=1
    fi
done
# Debian has an unrelated package "sluice" that also ships /usr/bin/sluice.
if [[ $(basename "$deb") != sluice-copier_*.deb ]]; then
    echo "unexpected file name: $(basename "$deb")"
    status=1
fi
package=$(dpkg-deb -f "$deb" Package)
if [[ $package != sluice-copier ]]; then
    echo "unexpected Package: $package"
    status=1
fi
conflicts=$(dpkg-deb -f "$deb" Conflicts)
if ! grep -qxF sluice <<<"$conflicts"; then
    echo "missing Conflicts: sluice (got: $conflicts)"
    status=1
fi
# Continuation lines of the Description begin with one space, never with " ;" (a CMake
# list joined by set()).
dpkg-deb -f "$deb" Description >"$work/description"
if grep -q '^ ;' "$work/description"; then
    echo "Description has lines beginning with ' ;':"
    cat "$work/description"
    status=1
fi
if ! grep -q '^ Sluice streams files' "$work/description" \
    || ! grep -q '^ grows with file size or with a slow destination' "$work/description"; then
    echo "Description lacks the long text:"
    cat "$work/description"
    status=1
fi
# The copyright file is machine-readable (DEP-5) and names the licence.
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/sluice-copier/copyright \
    >"$work/copyright" 2>/dev/null || true
for field in '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/$' \
    '^License: GPL-3.0-or-later$'; do
    if ! grep -q "$field" "$work/copyright"; then
        echo "copyright file lacks $field"
        status=1
    fi
done
# The changelog (the repository's CHANGELOG) has an entry for this version, and the
# AppStream metainfo's newest release is the same one, on the same day.
dpkg-deb -x "$deb" "$work/root"
version=$(dpkg-deb -f "$deb" Version)
doc=$work/root/usr/share/doc/sluice-copier
if [[ -f $doc/changelog.gz ]]; then
    gzip -dc "$doc/changelog.gz" >"$work/changelog"
    logged=$(dpkg-parsechangelog -l "$work/changelog" -S Version)
    logged_day=$(date -u -d "$(dpkg-parsechangelog -l "$work/changelog" -S Date)" +%F)
    if [[ $logged != "$version" ]]; then
        echo "changelog's newest entry is $logged, the package is $version"
        status=1
    fi
    metainfo=$work/root/usr/share/metainfo/io.github.sluicecopy.Sluice.metainfo.xml
    release=$(grep -o -m1 '<release [^>]*>' "$metainfo" || true)
    if [[ $release != *"version=\"$logged\""* || $release != *"date=\"$logged_day\""* ]]; then
        echo "metainfo's newest release ($release) is not $logged of $logged_day"
        status=1
    fi
fi
# The man page is English whatever the builder's language (`sluice --help` follows it).
if ! gzip -dc "$work/root/usr/share/man/man1/sluice.1.gz" 2>/dev/null \
    | grep -q 'Show this help and exit'; then
    echo "sluice.1 is not the English --help"
    status=1
fi
# Installed binaries are stripped (Debian policy 10.1): no symbol table left.
for binary in /usr/bin/sluice /usr/bin/sluice-cli; do
    if [[ ! -f $work/root$binary ]]; then
        continue # reported as missing above
    fi
    if readelf -S "$work/root$binary" | grep -qE '\.symtab|\.debug_'; then
        echo "not stripped: $binary"
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
