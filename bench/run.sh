#!/usr/bin/env bash
# Sluice benchmarks (not part of the test suite). Builds Release in build/, then prints
# Markdown tables of medians over alternating runs, each timed run including a final
# sync(1), with ratios against the reference measured in the same run.
#
#   bench/run.sh [--runs N] [--dir DIR] [SECTION...]
#
#   big      one 4 GiB file of random data: sluice-cli per engine vs cp, cp --reflink=never,
#            dd bs=1M, rsync; cold cache and warm cache
#   small    20,000 files of 4 KiB in 200 folders: sluice-cli vs cp -a, rsync -a, tar | tar
#   memory   sluice-cli's peak resident set size for 64 MiB, 1 GiB and 8 GiB files
#   slow     a destination throttled to 50 MiB/s (loop device + blkio cgroup): dirty page
#            cache, rates and memory over time, sluice-cli vs cp (bench/results/slow.png)
#   seed     the seed article's three strategies: memory over time (bench/results/seed.png)
#   tune     flush-behind window and lag on the 4 GiB file
#   journal  the job journal's cost: the 4 GiB file (cold cache) and the 20,000 files, each
#            with the journal (default) and with --no-journal, alternating; prints the ratio
#            (goal: within 3 %)
#   sshfs    one 1 GiB file onto sshfs (an sshd of its own on 127.0.0.1, root login by a key
#            made here, stopped by its pid): sluice-cli vs cp to the same mount (goal: within
#            10 % of cp); needs openssh-server and sshfs (scripts/install-deps.sh test)
#   smb      one 1 GiB file onto an SMB share through smbnetfs (an smbd of its own on a free
#            port of 127.0.0.1 with its own smb.conf and user, stopped by its pid): sluice-cli
#            vs cp to the same mount (goal: within 10 % of cp); needs samba and smbnetfs
#            (scripts/install-deps.sh test)
#   gui      the window's responsiveness while it copies 20,000 × 4 KiB files, 100,000 empty
#            files and the 4 GiB file, and while 20,000 files are handed to it at once (as a
#            drop does): EWMH _NET_WM_PING round trips (bench/wmping, every 20 ms) under
#            Xvfb, p50/p99/max, with the copy time; GUI_BEFORE=/path/to/older/sluice adds
#            the same rows for another build (before the copying threads ran at nice +10)
#
# Default: big small memory slow seed. Needs root (drop_caches, loop devices, cgroups) and
# about 25 GiB free in DIR (default /var/tmp/sluice-bench, which should be on the disk you
# want to measure). Results: bench/results/SECTION.md (the tables), *.txt and *.csv (raw
# samples), *.png; bench/RESULTS.md discusses them.
#
# Method (this kind of virtual machine hands freed memory back to its host about 2 s after
# it is freed, and the next run that fills the page cache pays for it again): every timed
# run comes right after an untimed warm-up of the same command; the commands alternate
# within each round; tables report medians, min-max and ratios, never a single time.
# "cold" drops the page cache (echo 3 > /proc/sys/vm/drop_caches) before the timed run;
# "warm" reads the source into the page cache first.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

runs=5
dir=/var/tmp/sluice-bench
sections=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --dir) dir=$2; shift 2 ;;
        -h|--help) sed -n '2,42p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        big|small|memory|slow|seed|tune|sshfs|smb|gui|journal) sections+=("$1"); shift ;;
        *) echo "bench/run.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
done
[ ${#sections[@]} -eq 0 ] && sections=(big small memory slow seed)

if [ "$(id -u)" -ne 0 ]; then
    echo "bench/run.sh: needs root (drop_caches, loop devices, cgroups)" >&2
    exit 2
fi

# --- set-up -------------------------------------------------------------------------------
scripts/install-deps.sh build
bench_packages=(rsync time gnuplot-nox util-linux e2fsprogs xvfb libxcb1-dev)
missing=()
for package in "${bench_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
        || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -q && DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
scripts/build.sh -DSLUICE_BENCH=ON >/dev/null
cli=$repo/build/app/cli/sluice-cli
seed=$repo/build/bench/seed-experiment
results=$repo/bench/results
mkdir -p "$dir" "$results"
work=$dir/work
src=$dir/src
mkdir -p "$src" "$work"

log() { echo "bench: $*" >&2; }

# --- measuring ----------------------------------------------------------------------------
drop_caches() {
    sync
    echo 3 > /proc/sys/vm/drop_caches
}

# Prints "Cached Dirty+Writeback" from /proc/meminfo, in KiB.
meminfo_kib() {
    awk '/^Cached:/ {c=$2} /^Dirty:/ {d+=$2} /^Writeback:/ {d+=$2} END {print c, d}' /proc/meminfo
}

sampler_pid=
# Writes "ms cached_kib dirty_writeback_kib" to $1 every 100 ms until stop_sampler.
start_sampler() {
    local file=$1
    (
        local start=${EPOCHREALTIME/./}
        while :; do
            local now=${EPOCHREALTIME/./}
            echo "$(( (now - start) / 1000 )) $(meminfo_kib)"
            sleep 0.1
        done
    ) > "$file" &
    sampler_pid=$!
}
stop_sampler() {
    kill "$sampler_pid" 2>/dev/null || true
    wait "$sampler_pid" 2>/dev/null || true
}

# timed LABEL COMMAND: runs COMMAND (a bash string) and then sync, and appends one line to
# $measurements: "LABEL seconds peak_rss_kib cache_growth_kib peak_dirty_kib".
measurements=
timed() {
    local label=$1 command=$2 samples=$work/samples.txt rss=$work/rss.txt
    local cached0 dirty0
    read -r cached0 dirty0 < <(meminfo_kib)
    start_sampler "$samples"
    local t0=${EPOCHREALTIME/./}
    /usr/bin/time -f '%M' -o "$rss" bash -c "$command"
    sync
    local t1=${EPOCHREALTIME/./}
    stop_sampler
    local seconds cache_growth peak_dirty
    seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", (b - a) / 1e6}')
    read -r cache_growth peak_dirty < <(awk -v c0="$cached0" \
        'BEGIN {g = 0; d = 0} {if ($2 - c0 > g) g = $2 - c0; if ($3 > d) d = $3}
         END {print g, d}' "$samples")
    echo "$label $seconds $(tail -n 1 "$rss") $cache_growth $peak_dirty" >> "$measurements"
}

# median COLUMN LABEL: the median of one column of $measurements for LABEL.
median() {
    awk -v label="$2" -v col="$1" '$1 == label {print $col}' "$measurements" | sort -g \
        | awk '{v[NR] = $1} END {if (NR == 0) print "nan";
               else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
range() {
    awk -v label="$1" '$1 == label {print $2}' "$measurements" | sort -g \
        | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%.2f-%.2f", lo, hi}'
}

# table TITLE REFERENCE LABEL...: a Markdown table of medians with ratios to REFERENCE.
table() {
    local title=$1 reference=$2
    shift 2
    local ref
    ref=$(median 2 "$reference")
    echo
    echo "#### $title"
    echo
    echo "| command | median s | × $reference | min-max s | peak RSS MiB | page cache growth MiB | peak dirty+writeback MiB |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    local label
    for label in "$@"; do
        awk -v l="$label" -v t="$(median 2 "$label")" -v r="$ref" -v range="$(range "$label")" \
            -v rss="$(median 3 "$label")" -v cache="$(median 4 "$label")" \
            -v dirty="$(median 5 "$label")" \
            'BEGIN {gsub(/\|/, "\\|", l);
                    printf "| %s | %.2f | %.2f | %s | %.1f | %.0f | %.0f |\n", l, t, t / r, range,
                    rss / 1024, cache / 1024, dirty / 1024}' | sed 's/_/ /g'
    done
}

# labels_of LABEL::COMMAND...: the labels, one per line.
labels_of() {
    local entry
    for entry in "$@"; do echo "${entry%%::*}"; done
}

# compare PREPARE PRIME LABEL::COMMAND...: alternating rounds; in each round every
# command gets a warm-up, then PREPARE (clean the destination), then PRIME (cold or warm
# cache), then its timed run.
compare() {
    local prepare=$1 prime=$2
    shift 2
    local round entry label command
    for round in $(seq 1 "$runs"); do
        for entry in "$@"; do
            label=${entry%%::*}
            command=${entry#*::}
            log "round $round/$runs: $label"
            bash -c "$prepare"
            bash -c "$command"
            sync
            bash -c "$prepare"
            bash -c "$prime"
            timed "$label" "$command"
        done
    done
}

machine() {
    echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)," \
        "$(uname -r), $(findmnt -no FSTYPE --target "$dir") on $(findmnt -no SOURCE --target "$dir")," \
        "$(date -u +%Y-%m-%d), sluice-cli $("$cli" --version | cut -d' ' -f2), ${runs} runs per command."
}

# --- data ---------------------------------------------------------------------------------
make_big() {
    if [ ! -f "$src/big4" ] || [ "$(stat -c %s "$src/big4")" -ne $((4 << 30)) ]; then
        log "writing 4 GiB of random data to $src/big4"
        head -c 4G /dev/urandom > "$src/big4"
    fi
}
make_small() {
    if [ ! -f "$src/tree.done" ]; then
        log "writing 20,000 files of 4 KiB in 200 folders to $src/tree"
        rm -rf "$src/tree"
        local d f
        for d in $(seq -w 1 200); do
            mkdir -p "$src/tree/d$d"
            for f in $(seq -w 1 100); do
                head -c 4096 /dev/urandom > "$src/tree/d$d/f$f"
            done
        done
        touch "$src/tree.done"
    fi
}

sluice() { echo "$cli --progress none --on-conflict overwrite --on-error abort $*"; }

# --- sections -----------------------------------------------------------------------------
section_big() {
    make_big
    local s=$src/big4 d=$work/big-out
    local commands=(
        "sluice_auto::$(sluice "$s" "$d")"
        "sluice_kernel::$(sluice --engine kernel "$s" "$d")"
        "sluice_stream::$(sluice --engine stream "$s" "$d")"
        "cp::cp $s $d"
        "cp_--reflink=never::cp --reflink=never $s $d"
        "dd_bs=1M::dd if=$s of=$d bs=1M status=none"
        "rsync::rsync $s $d"
    )
    local labels
    mapfile -t labels < <(labels_of "${commands[@]}")
    local mode
    for mode in cold warm; do
        measurements=$results/big-$mode.txt
        : > "$measurements"
        local prime="drop_caches"
        [ "$mode" = warm ] && prime="cat $s > /dev/null"
        compare "rm -f $d; sync" "$(declare -f drop_caches); $prime" "${commands[@]}"
        table "One 4 GiB file, $mode cache, copy + sync" cp "${labels[@]}"
    done
}

section_small() {
    make_small
    local s=$src/tree d=$work/small-out
    local commands=(
        "sluice::$(sluice "$s" "$d/")"
        "sluice_--workers_1::$(sluice --workers 1 "$s" "$d/")"
        "sluice_--workers_4::$(sluice --workers 4 "$s" "$d/")"
        "cp_-a::cp -a $s $d/"
        "rsync_-a::rsync -a $s $d/"
        "tar_|_tar::tar -C $src -cf - tree | tar -C $d -xf -"
    )
    local labels
    mapfile -t labels < <(labels_of "${commands[@]}")
    local mode
    for mode in cold warm; do
        measurements=$results/small-$mode.txt
        : > "$measurements"
        local prime="drop_caches"
        [ "$mode" = warm ] && prime="find $s -type f -exec cat {} + > /dev/null"
        # A fresh, never-used folder for every run, reached through the symlink $d: ext4
        # creates 20,000 files 3-5x slower right after the previous 20,000 were deleted
        # (measured: cp -a 1.2 s into a fresh folder, 5 s after rm -rf), which would
        # measure the deletion, not the copy.
        # The trees are deleted after both modes: deleting 1.4 million files takes minutes,
        # and the discards that follow on this ext4 would slow the warm rounds.
        compare "fresh=$work/small-trees/\$RANDOM\$RANDOM; mkdir -p \$fresh; ln -sfn \$fresh $d; sync" \
            "$(declare -f drop_caches); $prime" "${commands[@]}"
        table "20,000 files of 4 KiB in 200 folders, $mode cache, copy + sync" "cp_-a" \
            "${labels[@]}"
    done
    rm -rf "$work/small-trees" "$d"
    sync
}

# The journal's checkpoints (an fdatasync of the file in flight every 64 MiB or second, a
# syncfs before finished files are recorded) against the same copy without a journal.
section_journal() {
    make_big
    make_small
    local d=$work/journal-out
    local big=(
        "journal::$(sluice "$src/big4" "$d")"
        "no_journal::$(sluice --no-journal "$src/big4" "$d")"
    )
    local small=(
        "journal::$(sluice "$src/tree" "$d/")"
        "no_journal::$(sluice --no-journal "$src/tree" "$d/")"
    )
    export XDG_STATE_HOME=$work/journal-state
    measurements=$results/journal-big.txt
    : > "$measurements"
    compare "rm -rf $d; sync" "$(declare -f drop_caches); drop_caches" "${big[@]}"
    table "One 4 GiB file, cold cache, copy + sync: journal against none" no_journal \
        journal no_journal
    measurements=$results/journal-small.txt
    : > "$measurements"
    compare "rm -rf $d; mkdir -p $d; sync" "$(declare -f drop_caches); drop_caches" "${small[@]}"
    table "20,000 files of 4 KiB, cold cache, copy + sync: journal against none" no_journal \
        journal no_journal
    unset XDG_STATE_HOME
}

section_memory() {
    make_big
    [ -f "$src/f64m" ] || head -c 64M "$src/big4" > "$src/f64m"
    [ -f "$src/f1g" ] || head -c 1G "$src/big4" > "$src/f1g"
    [ -f "$src/f8g" ] || cat "$src/big4" "$src/big4" > "$src/f8g"
    measurements=$results/memory.txt
    : > "$measurements"
    local file engine round d=$work/mem-out
    for round in 1 2 3; do
        for file in f64m f1g f8g; do
            for engine in stream kernel; do
                log "memory round $round: $engine $file"
                rm -f "$d"
                sync
                timed "${engine}_$file" "$(sluice --engine "$engine" "$src/$file" "$d")"
            done
        done
    done
    rm -f "$d"
    echo
    echo "#### Peak memory (resident set size, median of 3) by file size"
    echo
    echo "| engine | 64 MiB | 1 GiB | 8 GiB | spread | page cache growth, 8 GiB | peak dirty+writeback, 8 GiB |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for engine in stream kernel; do
        local a b c
        a=$(median 3 "${engine}_f64m")
        b=$(median 3 "${engine}_f1g")
        c=$(median 3 "${engine}_f8g")
        awk -v e="$engine" -v a="$a" -v b="$b" -v c="$c" -v g="$(median 4 "${engine}_f8g")" \
            -v w="$(median 5 "${engine}_f8g")" 'BEGIN {
                lo = a; hi = a; if (b < lo) lo = b; if (c < lo) lo = c; if (b > hi) hi = b;
                if (c > hi) hi = c;
                printf "| %s | %.1f MiB | %.1f MiB | %.1f MiB | %.1f MiB | %.0f MiB | %.0f MiB |\n",
                    e, a / 1024, b / 1024, c / 1024, (hi - lo) / 1024, g / 1024, w / 1024}'
    done
}

section_slow() {
    make_big
    [ -f "$src/f1g" ] || head -c 1G "$src/big4" > "$src/f1g"
    local image=$dir/slow.img mnt=$dir/slow-mnt device majmin rate=$((50 << 20))
    rm -f "$image"
    truncate -s 3G "$image"
    mkfs.ext4 -q -F "$image"
    mkdir -p "$mnt"
    # Direct I/O: the backing file's own page cache would otherwise hold a second, dirty
    # copy of everything written, which is not the copier's doing.
    device=$(losetup -f --show --direct-io=on "$image")
    mount "$device" "$mnt"
    majmin=$(lsblk -no MAJ:MIN "$device" | tr -d ' ')
    local throttle=/sys/fs/cgroup/blkio/blkio.throttle.write_bps_device
    if [ -w "$throttle" ]; then
        echo "$majmin $rate" > "$throttle"
    else
        log "no blkio cgroup (v1) at $throttle; the slow section needs it"
        umount "$mnt"; losetup -d "$device"
        return 1
    fi
    local tool
    for tool in sluice cp; do
        log "slow destination: $tool"
        rm -f "$mnt/f1g"
        drop_caches
        start_sampler "$results/slow-$tool-meminfo.txt"
        local t0=${EPOCHREALTIME/./}
        if [ "$tool" = sluice ]; then
            "$cli" --progress json --engine stream --on-conflict overwrite "$src/f1g" "$mnt/f1g" \
                > "$work/slow-sluice.json"
        else
            cp "$src/f1g" "$mnt/f1g"
            echo "$(( (${EPOCHREALTIME/./} - t0) / 1000 ))" > "$work/slow-cp-returned.txt"
        fi
        sync
        local t1=${EPOCHREALTIME/./}
        stop_sampler
        echo "$(( (t1 - t0) / 1000 ))" > "$work/slow-$tool-ms.txt"
    done
    echo "$majmin 0" > "$throttle"
    umount "$mnt"
    losetup -d "$device"
    rm -f "$image"

    # sluice's own view: ms, read rate, write rate (MiB/s), resident MiB, buffers in use
    sed -n 's/.*"buffersInUse":\([0-9]*\).*"elapsedMs":\([0-9]*\).*"readRate":\([0-9]*\).*"residentBytes":\([0-9]*\).*"systemDirtyBytes":\([0-9]*\).*"writeRate":\([0-9]*\).*/\2 \3 \6 \4 \1 \5/p' \
        "$work/slow-sluice.json" \
        | awk '{printf "%d %.1f %.1f %.1f %d %.1f\n", $1, $2 / 1048576, $3 / 1048576, $4 / 1048576, $5, $6 / 1048576}' \
        > "$results/slow-sluice-progress.txt"
    gnuplot -e "sluice='$results/slow-sluice-meminfo.txt'; cp='$results/slow-cp-meminfo.txt';
                progress='$results/slow-sluice-progress.txt'; out='$results/slow.png'" \
        bench/plots/slow.gp
    echo
    echo "#### 1 GiB onto a destination throttled to 50 MiB/s, copy + sync"
    echo
    echo "| command | returned after s | done (incl. sync) s | peak dirty+writeback MiB | peak RSS MiB |"
    echo "|---|---:|---:|---:|---:|"
    local sluice_ms cp_ms cp_returned
    sluice_ms=$(cat "$work/slow-sluice-ms.txt")
    cp_ms=$(cat "$work/slow-cp-ms.txt")
    cp_returned=$(cat "$work/slow-cp-returned.txt")
    awk -v ms="$sluice_ms" -v rss="$(awk 'BEGIN {m = 0} $4 > m {m = $4} END {print m}' "$results/slow-sluice-progress.txt")" \
        -v dirty="$(awk 'BEGIN {m = 0} $3 > m {m = $3} END {print m / 1024}' "$results/slow-sluice-meminfo.txt")" \
        'BEGIN {printf "| sluice-cli --engine stream | %.1f | %.1f | %.0f | %.1f |\n", ms / 1000, ms / 1000, dirty, rss}'
    awk -v ms="$cp_ms" -v ret="$cp_returned" \
        -v dirty="$(awk 'BEGIN {m = 0} $3 > m {m = $3} END {print m / 1024}' "$results/slow-cp-meminfo.txt")" \
        'BEGIN {printf "| cp | %.1f | %.1f | %.0f | |\n", ret / 1000, ms / 1000, dirty}'
}

section_seed() {
    make_big
    [ -f "$src/f1g" ] || head -c 1G "$src/big4" > "$src/f1g"
    local strategy rate=$((100 << 20))
    echo
    echo "#### Seed experiment: 1 GiB to a destination paced at 100 MiB/s (chunks of 1 MiB, bounded pool of 8)"
    echo
    echo "| strategy | peak RSS MiB | time s |"
    echo "|---|---:|---:|"
    for strategy in whole unbounded bounded; do
        log "seed experiment: $strategy"
        drop_caches
        local line
        line=$("$seed" --strategy "$strategy" --source "$src/f1g" --destination "$work/seed-out" \
            --write-rate "$rate" --samples "$results/seed-$strategy.csv")
        rm -f "$work/seed-out"
        echo "$line" | awk '{printf "| %s | %.0f | %.1f |\n", $1, $2 / 1048576, $3 / 1000}'
    done
    gnuplot -e "dir='$results'; out='$results/seed.png'" bench/plots/seed.gp
}

section_tune() {
    make_big
    local s=$src/big4 d=$work/tune-out
    local commands=(
        "window_2M_lag_2::$(sluice --flush-window 2M --flush-lag 2 "$s" "$d")"
        "window_4M_lag_2::$(sluice --flush-window 4M --flush-lag 2 "$s" "$d")"
        "window_8M_lag_2::$(sluice --flush-window 8M --flush-lag 2 "$s" "$d")"
        "window_16M_lag_2::$(sluice --flush-window 16M --flush-lag 2 "$s" "$d")"
        "window_32M_lag_2::$(sluice --flush-window 32M --flush-lag 2 "$s" "$d")"
        "window_8M_lag_1::$(sluice --flush-window 8M --flush-lag 1 "$s" "$d")"
        "window_8M_lag_4::$(sluice --flush-window 8M --flush-lag 4 "$s" "$d")"
        "durability_none::$(sluice --durability none "$s" "$d")"
    )
    local labels
    mapfile -t labels < <(labels_of "${commands[@]}")
    measurements=$results/tune.txt
    : > "$measurements"
    compare "rm -f $d; sync" "$(declare -f drop_caches); drop_caches" "${commands[@]}"
    table "Flush-behind window and lag, 4 GiB, cold cache, copy + sync" "window_8M_lag_2" \
        "${labels[@]}"
}

# sshd_start DIR: an OpenSSH server of this run on 127.0.0.1 serving DIR/export, with its
# own host key, config and port; mounts it on DIR/mnt with sshfs. sshd_stop undoes it.
sshd_pid=
sshd_start() {
    local base=$1 port
    mkdir -p "$base/export" "$base/mnt" /run/sshd
    rm -f "$base/host_key" "$base/client_key"
    ssh-keygen -q -t ed25519 -N '' -f "$base/host_key"
    ssh-keygen -q -t ed25519 -N '' -f "$base/client_key"
    cp "$base/client_key.pub" "$base/authorized_keys"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    printf '%s\n' "Port $port" "ListenAddress 127.0.0.1" "HostKey $base/host_key" "PidFile none" \
        "AuthorizedKeysFile $base/authorized_keys" "PermitRootLogin prohibit-password" \
        "PasswordAuthentication no" "KbdInteractiveAuthentication no" "UsePAM no" \
        "StrictModes no" "Subsystem sftp /usr/lib/openssh/sftp-server" > "$base/sshd_config"
    /usr/sbin/sshd -D -e -f "$base/sshd_config" 2> "$base/sshd.log" &
    sshd_pid=$!
    local tries=0
    until grep -q "Server listening" "$base/sshd.log"; do
        tries=$((tries + 1))
        if [ "$tries" -gt 100 ] || ! kill -0 "$sshd_pid" 2>/dev/null; then
            cat "$base/sshd.log" >&2
            return 1
        fi
        sleep 0.1
    done
    sshfs "root@127.0.0.1:$base/export" "$base/mnt" -p "$port" -o \
        "IdentityFile=$base/client_key,StrictHostKeyChecking=no,UserKnownHostsFile=/dev/null,BatchMode=yes"
}
sshd_stop() {
    local base=$1
    fusermount3 -u "$base/mnt" 2>/dev/null || fusermount3 -u -z "$base/mnt" 2>/dev/null || true
    if [ -n "$sshd_pid" ]; then
        kill "$sshd_pid" 2>/dev/null || true
        wait "$sshd_pid" 2>/dev/null || true
    fi
    sshd_pid=
}

section_sshfs() {
    local base=$work/sshfs s=$src/big1
    if [ ! -f "$s" ] || [ "$(stat -c %s "$s")" -ne $((1 << 30)) ]; then
        log "writing 1 GiB of random data to $s"
        head -c 1G /dev/urandom > "$s"
    fi
    sshd_start "$base"
    trap 'sshd_stop "$base"' EXIT
    local d=$base/mnt/big1
    local commands=(
        "sluice::$(sluice "$s" "$d")"
        "cp::cp $s $d"
    )
    local labels
    mapfile -t labels < <(labels_of "${commands[@]}")
    measurements=$results/sshfs.txt
    : > "$measurements"
    compare "rm -f $d $base/mnt/.big1.sluice-part" "cat $s > /dev/null" "${commands[@]}"
    table "One 1 GiB file onto sshfs (sshd on 127.0.0.1), warm source, copy + sync" cp \
        "${labels[@]}"
    sshd_stop "$base"
    trap - EXIT
}

# smbd_start DIR: a Samba server of this run on 127.0.0.1 sharing DIR/share as "share" on a
# free port (its own smb.conf, user root, session: smbd stops by signalling its process
# group), mounted on DIR/mnt with smbnetfs; sets smb_share to the share's path on the mount
# (not a $(...) subshell: smbd_stop needs smbd_pid).
smbd_pid=
smb_share=
smbd_start() {
    local base=$1 port
    rm -rf "$base"
    mkdir -p "$base"/{private,lock,state,cache,pid,ncalrpc,share,mnt,home/.smb}
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    printf '%s\n' "[global]" "server role = standalone server" "interfaces = 127.0.0.1" \
        "bind interfaces only = yes" "smb ports = $port" "disable netbios = yes" \
        "private dir = $base/private" "lock directory = $base/lock" \
        "state directory = $base/state" "cache directory = $base/cache" \
        "pid directory = $base/pid" "ncalrpc dir = $base/ncalrpc" "load printers = no" \
        "printcap name = /dev/null" "disable spoolss = yes" "[share]" "path = $base/share" \
        "read only = no" "force user = root" > "$base/smb.conf"
    printf 'bench\nbench\n' | smbpasswd -c "$base/smb.conf" -s -a root >/dev/null
    printf '%s\n' 'smb_query_browsers "false"' 'use_libsecret "false"' 'auth "root" "bench"' \
        > "$base/home/.smb/smbnetfs.conf"
    chmod 600 "$base/home/.smb/smbnetfs.conf"
    printf '[global]\nclient min protocol = SMB2\n' > "$base/home/.smb/smb.conf"
    setsid smbd --configfile="$base/smb.conf" --foreground --no-process-group --debug-stdout \
        > "$base/smbd.log" 2>&1 &
    smbd_pid=$!
    local tries=0
    until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        tries=$((tries + 1))
        if [ "$tries" -gt 200 ] || ! kill -0 "$smbd_pid" 2>/dev/null; then
            cat "$base/smbd.log" >&2
            return 1
        fi
        sleep 0.1
    done
    HOME=$base/home smbnetfs "$base/mnt" -o "config=$base/home/.smb/smbnetfs.conf"
    smb_share=$base/mnt/127.0.0.1:$port/share
    tries=0
    until [ -d "$smb_share" ]; do
        tries=$((tries + 1))
        [ "$tries" -gt 200 ] && return 1
        sleep 0.1
    done
}
smbd_stop() {
    local base=$1
    fusermount3 -u "$base/mnt" 2>/dev/null || fusermount3 -u -z "$base/mnt" 2>/dev/null || true
    if [ -n "$smbd_pid" ]; then
        kill "$smbd_pid" 2>/dev/null || true
        wait "$smbd_pid" 2>/dev/null || true
    fi
    smbd_pid=
}

section_smb() {
    local base=$work/smb s=$src/big1 share
    if [ ! -f "$s" ] || [ "$(stat -c %s "$s")" -ne $((1 << 30)) ]; then
        log "writing 1 GiB of random data to $s"
        head -c 1G /dev/urandom > "$s"
    fi
    trap 'smbd_stop "$base"' EXIT
    smbd_start "$base"
    share=$smb_share
    local d=$share/big1
    local commands=(
        "sluice::$(sluice "$s" "$d")"
        "cp::cp $s $d"
    )
    local labels
    mapfile -t labels < <(labels_of "${commands[@]}")
    measurements=$results/smb.txt
    : > "$measurements"
    compare "rm -f $d $share/.big1.sluice-part" "cat $s > /dev/null" "${commands[@]}"
    table "One 1 GiB file onto SMB through smbnetfs (smbd on 127.0.0.1), warm source, copy + sync" \
        cp "${labels[@]}"
    smbd_stop "$base"
    trap - EXIT
}

make_empty() {
    if [ ! -f "$src/empty.done" ]; then
        log "creating 100,000 empty files in 100 folders in $src/empty"
        rm -rf "$src/empty"
        local d
        for d in $(seq -w 1 100); do
            mkdir -p "$src/empty/d$d"
            (cd "$src/empty/d$d" && seq -w 1 1000 | xargs touch)
        done
        touch "$src/empty.done"
    fi
}

# gui_row LABEL LINE: one table row from wmping's LINE ("pings N p50 A p99 B max C ms busy
# D s gui-run E ms gui-wait F ms worst-at T") and the load average now.
gui_row() {
    local load
    load=$(cut -d' ' -f1 /proc/loadavg)
    echo "$2" | awk -v label="$1" -v load="$load" '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", label, $2, $4, $6, $8, ($11 < 0 ? "–" : $11 " s"), $14, $17, load }'
}

# gui_perf_start LABEL PID: with GUI_PERF=DIR, records the GUI thread's (PID's main thread)
# call stacks into DIR/LABEL.data (perf record, stamps in CLOCK_MONOTONIC like wmping's
# worst-at) until gui_perf_stop.
gui_perf=
gui_perf_start() {
    gui_perf=
    [ -n "${GUI_PERF:-}" ] || return 0
    mkdir -p "$GUI_PERF"
    local file
    file=$GUI_PERF/$(echo "$1" | tr -c 'A-Za-z0-9\n' '-').data
    perf record -q -k CLOCK_MONOTONIC --call-graph dwarf,32768 -F 999 -t "$2" -o "$file" \
        >/dev/null 2>&1 &
    gui_perf=$!
}
gui_perf_stop() {
    [ -n "$gui_perf" ] || return 0
    kill -INT "$gui_perf" 2>/dev/null || true
    wait "$gui_perf" 2>/dev/null || true
    gui_perf=
}

# gui_run BINARY LABEL ARGS...: starts the window under its own Xvfb with ARGS, pings it
# until its title returns to "Sluice" (the copy ended) or 300 s, prints one table row of the
# pings sent while the title said it copied.
gui_run() {
    local binary=$1 label=$2
    shift 2
    local display=:$(((RANDOM % 400) + 100)) config
    config=$(mktemp -d "$work/gui-XXXXXX")
    mkdir -p "$config/runtime" && chmod 700 "$config/runtime"
    Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
    local xvfb=$!
    for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
    DISPLAY=$display XDG_CONFIG_HOME=$config XDG_RUNTIME_DIR=$config/runtime QT_QPA_PLATFORM=xcb \
        "$binary" --new-window "$@" &
    local app=$!
    gui_perf_start "$label" "$app"
    local line
    line=$(DISPLAY=$display "$wmping" "$app" 20 300 Sluice)
    gui_perf_stop
    kill "$app" "$xvfb" 2>/dev/null
    wait "$app" "$xvfb" 2>/dev/null || true
    rm -rf "$config" "$work/gui-out"
    sync
    gui_row "$label" "$line"
}

section_gui() {
    make_small
    make_empty
    make_big
    cmake --build build --target wmping >/dev/null
    wmping=$repo/build/bench/wmping
    local window=$repo/build/app/gui/sluice
    local binaries=("$window")
    [ -n "${GUI_BEFORE:-}" ] && binaries+=("$GUI_BEFORE")
    # 20,000 paths handed over at once, as a drop of 20,000 files adds them (no copy: the
    # window measures them; the row's max is how long the GUI thread was blocked).
    local many
    mapfile -t many < <(find "$src/tree" -type f | head -n 20000)
    echo "| run | pings | p50 ms | p99 ms | max ms | copy time | GUI thread CPU ms | GUI thread runnable, waiting ms | load |"
    echo "|---|---|---|---|---|---|---|---|---|"
    local binary name
    for binary in "${binaries[@]}"; do
        name=after
        [ "$binary" != "$window" ] && name=before
        mkdir -p "$work/gui-out"
        gui_run "$binary" "$name: 20,000 × 4 KiB" --start --to "$work/gui-out" "$src/tree"
        mkdir -p "$work/gui-out"
        gui_run "$binary" "$name: 100,000 empty" --start --to "$work/gui-out" "$src/empty"
        mkdir -p "$work/gui-out"
        gui_run "$binary" "$name: one 4 GiB file" --start --to "$work/gui-out" "$src/big4"
    done
    echo
    echo "20,000 files handed to the window at once (as a drop adds them), 10 s of pings:"
    echo
    echo "| run | pings | p50 ms | p99 ms | max ms | copy time | GUI thread CPU ms | GUI thread runnable, waiting ms | load |"
    echo "|---|---|---|---|---|---|---|---|---|"
    for binary in "${binaries[@]}"; do
        name=after
        [ "$binary" != "$window" ] && name=before
        gui_add_many "$binary" "$name: add 20,000 files" "${many[@]}"
    done
}

# gui_add_many BINARY LABEL PATH...: the window idle, then PATHs handed to it by a second
# start (the single-instance socket), pinged for 10 s.
gui_add_many() {
    local binary=$1 label=$2
    shift 2
    local display=:$(((RANDOM % 400) + 100)) config
    config=$(mktemp -d "$work/gui-XXXXXX")
    mkdir -p "$config/runtime" && chmod 700 "$config/runtime"
    Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
    local xvfb=$!
    for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
    local env=(DISPLAY="$display" XDG_CONFIG_HOME="$config" XDG_RUNTIME_DIR="$config/runtime"
               QT_QPA_PLATFORM=xcb)
    env "${env[@]}" "$binary" &
    local app=$!
    local pings=$work/gui-pings.txt
    (DISPLAY=$display "$wmping" "$app" 20 10 > "$pings") &
    local pinger=$!
    sleep 2
    gui_perf_start "$label" "$app"
    env "${env[@]}" "$binary" "$@" >/dev/null 2>&1 || true
    wait "$pinger"
    gui_perf_stop
    kill "$app" "$xvfb" 2>/dev/null
    wait "$app" "$xvfb" 2>/dev/null || true
    rm -rf "$config"
    gui_row "$label" "$(cat "$pings")"
}

# --- main ---------------------------------------------------------------------------------
for section in "${sections[@]}"; do
    out=$results/$section.md
    {
        echo "### bench/run.sh $section"
        echo
        machine
        "section_$section"
    } | tee "$out"
    log "tables in $out"
done
rm -rf "$work"
