#!/usr/bin/env bash
# Takes a screenshot of the Sluice window during a real copy, under Xvfb.
#
#   scripts/screenshot.sh [OUTPUT.png] [--dark] [--lang=LOCALE] [--removable]
#
# Builds nothing: run scripts/build.sh (or ./run.sh) first. Creates a 768 MiB file and a
# folder of small files in a temporary folder, starts `sluice --new-window --start` with a
# private configuration (stream engine, 48 MiB/s speed limit so the destination is the
# slow side), waits until the chart has some history, and writes the PNG with ImageMagick's
# `import`. --dark uses GTK's dark Adwaita palette through Qt's gtk3 platform theme.
# --lang=de_DE (or ru_RU...) starts the window in that language and locale (LANGUAGE=de,
# LANG=de_DE.UTF-8); the default is English (LANG=C.UTF-8). --removable runs a private
# dbus-daemon with the UDisks2 mock of tests/desktop (python3-dbusmock), which says the
# destination is on a USB disk, so the window offers "Eject “USB DISK” when done".
set -euo pipefail
cd "$(dirname "$0")/.."

output=docs/screenshot.png
dark=0
removable=0
locale_env=(LANG=C.UTF-8)
for argument in "$@"; do
    case "$argument" in
        --dark) dark=1 ;;
        --removable) removable=1 ;;
        --lang=*)
            locale=${argument#--lang=}
            locale_env=(LANGUAGE="${locale%%_*}" LANG="$locale.UTF-8") ;;
        *) output=$argument ;;
    esac
done
binary=build/app/gui/sluice
[ -x "$binary" ] || { echo "missing $binary: build first (scripts/build.sh)" >&2; exit 1; }
for tool in Xvfb import; do
    command -v "$tool" >/dev/null || { echo "missing $tool (xvfb, imagemagick)" >&2; exit 1; }
done

work=$(mktemp -d /tmp/sluice-shot-XXXXXX)
xvfb_pid=
app_pid=
bus_pid=
mock_pid=
cleanup() {
    # The mock and its bus first: the waits below end the trap early under set -e.
    [ -n "$mock_pid" ] && kill "$mock_pid" 2>/dev/null
    [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null
    [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null && wait "$app_pid" 2>/dev/null
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/Holiday photos" "$work/USB stick" "$work/config/sluice" "$work/runtime"
chmod 700 "$work/runtime"
head -c 768M /dev/urandom > "$work/ubuntu-24.04-desktop-amd64.iso"
for i in $(seq -w 1 40); do
    head -c $((200 + 10#$i * 37))K /dev/urandom > "$work/Holiday photos/IMG_20$i.jpg"
done
# Written just now, the sources are dirty in the page cache; flush them so that the
# window's "system write cache" figure shows the copy, not the preparation.
sync
cat > "$work/config/sluice/sluice.conf" <<CONF
[copy]
engine=stream
durability=job
speedLimit=$((48 * 1024 * 1024))
CONF

width=980
height=900
display=:$(( (RANDOM % 400) + 100 ))
Xvfb "$display" -screen 0 "${width}x${height}x24" -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do
    [ -e "/tmp/.X11-unix/X${display#:}" ] && break
    sleep 0.1
done

bus_env=()
if [ "$removable" = 1 ]; then
    bus=$(dbus-daemon --session --fork --nopidfile --print-address=1 --print-pid=1)
    bus_address=$(sed -n 1p <<<"$bus")
    bus_pid=$(sed -n 2p <<<"$bus")
    bus_env=(DBUS_SESSION_BUS_ADDRESS="$bus_address" DBUS_SYSTEM_BUS_ADDRESS="$bus_address")
    device=$(stat -c %d "$work/USB stick")
    env "${bus_env[@]}" /usr/bin/python3 -m dbusmock --template tests/desktop/mocks/udisks2.py \
        -p "{\"DeviceNumber\": $device, \"MountPoint\": \"$work/USB stick\"}" >/dev/null 2>&1 &
    mock_pid=$!
    for _ in $(seq 100); do
        env "${bus_env[@]}" dbus-send --session --print-reply --dest=org.freedesktop.DBus / \
            org.freedesktop.DBus.GetNameOwner string:org.freedesktop.UDisks2 >/dev/null 2>&1 && break
        sleep 0.1
    done
fi

theme_env=()
if [ "$dark" = 1 ]; then
    theme_env=(QT_QPA_PLATFORMTHEME=gtk3 GTK_THEME=Adwaita:dark)
fi
env -u LANGUAGE -u LC_ALL -u LC_MESSAGES DISPLAY="$display" XDG_CONFIG_HOME="$work/config" XDG_RUNTIME_DIR="$work/runtime" \
    QT_QPA_PLATFORM=xcb "${locale_env[@]}" "${theme_env[@]}" "${bus_env[@]}" \
    "$binary" --new-window --start --to "$work/USB stick" \
    "$work/ubuntu-24.04-desktop-amd64.iso" "$work/Holiday photos" \
    -qwindowgeometry "${width}x${height}+0+0" &
app_pid=$!

# Let the copy run long enough for the chart to show a history.
sleep "${SLUICE_SHOT_DELAY:-11}"
mkdir -p "$(dirname "$output")"
DISPLAY="$display" import -window root "$output"
echo "wrote $output"
