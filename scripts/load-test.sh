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
# Case 1, one heavy client (the explorer is for one person; it computes two
# requests at a time), is checked: no cheap request fails, their p99 is
# under 100 ms and the server stays under 1 GiB; the script fails otherwise.
# Case 2, as many heavy clients as the server computes at once, shows what
# happens when heavy requests hold every turn; it is reported, not checked.
set -eu
SECONDS_EACH=${1:-15}
cd "$(dirname "$0")/.."
cargo build --release -p sprague-cli -p sprague-web --example load
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "== case 1: 64 cheap clients, 1 heavy =="
target/release/examples/load --sprague target/release/sprague --clients 64 --heavy 1 \
    --seconds "$SECONDS_EACH" --check --max-rss 1024
echo "== case 2: 64 cheap clients, 2 heavy (every turn the server has) =="
target/release/examples/load --sprague target/release/sprague --clients 64 --heavy 2 \
    --seconds "$SECONDS_EACH" || true
