#!/bin/sh
# The explorer under load ("Reliability" in BENCHMARKS.md): `sprague serve`
# on a free port, heavy requests running all the time (a misère search that
# runs to the server's 10 s time limit), and 64 clients firing cheap requests
# (analyze, games, a short table) for SECONDS; prints requests/s, the cheap
# requests' p50/p90/p99, and the server's memory (VmRSS) before, during and
# after. See crates/sprague-web/examples/load.rs.
#
#   scripts/load-test.sh [SECONDS]     (default 15)
#
# Cases 1 and 2, one heavy client and two (as many as the server's heavy
# lane runs at once), are checked: no cheap request fails, their p99 is under
# 100 ms and the server stays under 3 GiB (a search of a million positions,
# the server's budget, takes about 500 MB, and at most two run in the heavy
# lane, two more finish after their requests gave up, and two short ones run
# in the quick lane); the script fails otherwise. Case 3, four
# heavy clients, two of them always waiting for a heavy turn, is reported.
set -eu
# A failed check is one line, not a backtrace.
export RUST_BACKTRACE=0
SECONDS_EACH=${1:-15}
cd "$(dirname "$0")/.."
# Two commands: `--example` would select only examples in both packages.
cargo build --release -p sprague-cli
cargo build --release -p sprague-web --example load
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "== case 1: 64 cheap clients, 1 heavy =="
target/release/examples/load --sprague target/release/sprague --clients 64 --heavy 1 \
    --seconds "$SECONDS_EACH" --check --max-rss 3072
echo "== case 2: 64 cheap clients, 2 heavy (every heavy turn) =="
target/release/examples/load --sprague target/release/sprague --clients 64 --heavy 2 \
    --seconds "$SECONDS_EACH" --check --max-rss 3072
echo "== case 3: 64 cheap clients, 4 heavy (two always waiting) =="
target/release/examples/load --sprague target/release/sprague --clients 64 --heavy 4 \
    --seconds "$SECONDS_EACH"
