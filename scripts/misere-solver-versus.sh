#!/bin/sh
# `sprague quotient` beside CGSuite's MisereSolver (peers/misere-solver/run.sh)
# on the same games, machine and time limit:
#   scripts/misere-solver-versus.sh [SECONDS] [GAME ...]
# For each octal game (default 0.07 0.137 0.007 0.6 0.77) it prints the last
# heap each program finished within SECONDS (default 60), |Q| there, and
# for sprague the wall and CPU seconds and the peak memory (/usr/bin/time;
# a peer stopped by `timeout` leaves no such figures). sprague is
# target/release/sprague unless SPRAGUE names another binary; with
# PEER=0 only sprague runs (to time two builds of it).
set -eu
limit=${1:-60}
[ $# -gt 0 ] && shift
games=${*:-0.07 0.137 0.007 0.6 0.77}
here=$(cd "$(dirname "$0")/.." && pwd)
sprague=${SPRAGUE:-$here/target/release/sprague}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export MISERE_SOLVER_BUILD=${MISERE_SOLVER_BUILD:-$tmp/peer}
peer=${PEER:-1}
# Compiled once, outside the timings.
[ "$peer" = 0 ] || "$here/peers/misere-solver/run.sh" 0.07 1 >/dev/null 2>&1
printf '%-6s %-14s %-24s %-24s\n' game program "last heap (|Q|)" "wall s / CPU s / MB"
for g in $games; do
  if [ "$peer" != 0 ]; then
    timeout "$limit" "$here/peers/misere-solver/run.sh" "$g" 1000 \
        >/dev/null 2>"$tmp/peer.err" || true
    last=$(grep '^heap' "$tmp/peer.err" | tail -1 | sed 's/heap \([0-9]*\): |Q| = \([0-9]*\) (\(.*\) s)/\1 (\2) at \3 s/')
    printf '%-6s %-14s %s\n' "$g" MisereSolver "$last"
  fi
    /usr/bin/time -f '%e %U %M' -o "$tmp/ours.time" \
        "$sprague" quotient "octal[$g]" --time-limit "$limit" \
        >"$tmp/ours.out" 2>&1 || true
    last=$(sed -n 's/.*heaps 0\.\.=\([0-9]*\).*/\1/p' "$tmp/ours.out" | head -1)
    order=$(sed -n 's/^order \([0-9]*\),.*/\1/p' "$tmp/ours.out" | head -1)
    printf '%-6s %-14s %-24s %s\n' "$g" "sprague" "$last ($order)" "$(tail -1 "$tmp/ours.time")"
done
