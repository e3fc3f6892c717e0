#!/bin/sh
# The explorer under load ("Reliability" in BENCHMARKS.md): `sprague serve`
# on a free port, heavy requests running all the time (a misère search that
# runs to the server's budget or its 10 s time limit), and 64 clients firing
# cheap requests (analyze, games, a short table) for SECONDS, then cheap and
# moderate ones in turn (a misère search of 9 261 positions, a table of 10^4
# values, the outcome and remoteness of every move of a Treblecross strip);
# prints requests/s, p50/p90/p99/max of each class, and the server's memory
# (VmRSS) before, during and after. Every answer is compared with the one
# the command line gives (computed once up front): a wrong one fails the
# run. See crates/sprague-web/examples/load.rs.
#
#   scripts/load-test.sh [SECONDS]     (default 15)
#
# Cases 1 and 2, one heavy client and two (as many as the server's heavy
# lane runs at once), are checked: no request fails or is wrong, the cheap
# requests' p99 is under 100 ms when they run alone and under 500 ms among
# moderate ones (which keep both cores busy), and the server stays under
# 3 GiB (a search of a million positions, the server's budget, takes about
# 500 MB, and at most two run in the heavy lane, two more finish after
# their requests gave up, and two short ones run in the quick lane); the
# script fails otherwise. Case 3, four heavy clients, two of them always
# waiting for a heavy turn, is reported (its answers are still checked).
set -eu
# A failed check is one line, not a backtrace.
export RUST_BACKTRACE=0
SECONDS_EACH=${1:-15}
cd "$(dirname "$0")/.."
# Two commands: `--example` would select only examples in both packages.
cargo build --release -p sprague-cli
cargo build --release -p sprague-web --example load
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ), load average: $(cut -d' ' -f1-3 /proc/loadavg)"
load() {
    target/release/examples/load --sprague target/release/sprague --clients 64 \
        --seconds "$SECONDS_EACH" "$@"
}
echo "== case 1: 64 clients, 1 heavy: cheap requests =="
load --heavy 1 --check --max-rss 3072
echo "== case 1: 64 clients, 1 heavy: cheap and moderate requests =="
load --heavy 1 --moderate --check --max-rss 3072
echo "== case 2: 64 clients, 2 heavy (every heavy turn): cheap requests =="
load --heavy 2 --check --max-rss 3072
echo "== case 2: 64 clients, 2 heavy (every heavy turn): cheap and moderate requests =="
load --heavy 2 --moderate --check --max-rss 3072
echo "== case 3: 64 clients, 4 heavy (two always waiting): cheap and moderate requests =="
load --heavy 4 --moderate
