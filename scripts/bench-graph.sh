#!/bin/sh
# Benchmarks of the graph solvers on a random loopy graph (deterministic
# seed): the fast reader, retrograde analysis on compact arrays against two
# straightforward baselines, and the loopy Sprague-Grundy values. Each mode
# runs in its own process so that its peak memory (VmHWM) is its own.
#
#   scripts/bench-graph.sh [N] [M]     (default 10^7 vertices, 5*10^7 edges)
#
# The graph file is written to a temporary directory and removed afterwards.
set -eu
N=${1:-10000000}
M=${2:-50000000}
cd "$(dirname "$0")/.."
cargo build --release -p sprague --example graph_bench
B=target/release/examples/graph_bench
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ), N = $N, M = $M"
$B write "$N" "$M" "$TMP/graph.txt"
echo "file: $(du -m "$TMP/graph.txt" | cut -f1) MB"
$B read "$N" "$M" "$TMP/graph.txt"
rm -f "$TMP/graph.txt"
$B retrograde "$N" "$M"
$B vecvec "$N" "$M"
$B loopy "$N" "$M"
if [ "${SKIP_FIXPOINT:-0}" != 1 ]; then
    $B fixpoint "$N" "$M"
fi
