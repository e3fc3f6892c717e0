#!/bin/sh
# Officers (0.6) to heap 2^33 (docs/records.md), checkpointed into DIR every 15 minutes;
# run it again with the same DIR to resume from the checkpoint. At the end it prints the
# time, the peak memory, the most disk used in DIR, and the CRC-32 of the first 2^32 + 1
# values (to compare with the 2^32 record run's in docs/records.md).
#
#   scripts/officers-2pow33.sh DIR
#
# The values stay in memory when they fit (2 bytes a heap and 1 GiB: 17 GiB); otherwise
# they go to a memory-mapped file in DIR (`--disk`), 16 GiB, beside the checkpoint (16 GiB,
# and as much again while a new one is written). MEMORY=BYTES (e.g. 8G) sets the memory the
# run may use instead of what the machine has available; TO=N a shorter run (the rate of a
# prefix, e.g. TO=1073741824); SPRAGUE the binary (default: target/release/sprague, built).
set -eu
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
mkdir -p "$1"
dir=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
if [ -z "${SPRAGUE:-}" ]; then
    cargo build --release -q -p sprague-cli
    SPRAGUE=target/release/sprague
fi
to=${TO:-8589934592}
ckpt=$dir/officers.ckpt
set -- table officers --to "$to" --summary --checkpoint "$ckpt" --checkpoint-every 900 --disk "$dir"
[ -z "${MEMORY:-}" ] || set -- "$@" --memory "$MEMORY"
if [ -f "$ckpt" ]; then
    echo "resuming from $ckpt" >&2
    set -- "$@" --resume "$ckpt"
fi
# The most disk used in DIR, sampled every 10 seconds while the run lasts.
echo 0 >"$dir/disk-peak"
(
    while [ -f "$dir/disk-peak" ]; do
        used=$(du -sb "$dir" | cut -f1)
        [ "$used" -le "$(cat "$dir/disk-peak" 2>/dev/null || echo 0)" ] || echo "$used" >"$dir/disk-peak"
        sleep 10
    done
) &
sampler=$!
status=0
/usr/bin/time -v -o "$dir/time.txt" "$SPRAGUE" "$@" >"$dir/summary.txt" || status=$?
peak_disk=$(cat "$dir/disk-peak")
rm -f "$dir/disk-peak"
wait "$sampler" 2>/dev/null || true
[ "$status" -eq 0 ] || { echo "the run failed (status $status); run again to resume" >&2; exit "$status"; }
cat "$dir/summary.txt"
echo "wall time (this session): $(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$dir/time.txt")"
echo "CPU time (this session): $(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {print u + s}' "$dir/time.txt") s"
echo "peak memory: $(awk -F': ' '/Maximum resident set size/ {printf "%.2f GiB", $2 / 1048576}' "$dir/time.txt")"
echo "peak disk in $dir: $(echo "$peak_disk" | awk '{printf "%.2f GiB", $1 / 1073741824}') (sampled every 10 s)"
half=4294967296
if [ "$to" -ge "$half" ]; then
    # Read back from the checkpoint, not computed again.
    set -- table officers --to "$half" --summary --resume "$ckpt" --disk "$dir"
    [ -z "${MEMORY:-}" ] || set -- "$@" --memory "$MEMORY"
    "$SPRAGUE" "$@" | grep 'CRC-32'
    echo "(the 2^32 record run, docs/records.md and BENCHMARKS.md: 4456ac80)"
fi
