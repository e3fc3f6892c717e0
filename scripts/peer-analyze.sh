#!/bin/sh
# What `sprague analyze` computes by default (value, outcome, first winning move, every
# figure beside the value, remoteness) against the canonical form alone and against
# cgt-tools' canonical form, on six Domineering boards with holes (the bench's
# ANALYZE_CASES), in one process on one thread, timed in process CPU time (the load of a
# shared machine does not move it): the median of RUNS runs each (default 3; a run over 30 s
# of CPU is not repeated), fresh caches every run, the values checked equal (exit 1
# if they differ). Prints the figures' share of the default analysis and both ratios to
# cgt-tools ("The value first" in BENCHMARKS.md). The successor of peer-cgt.sh for the
# default command: that one times the canonical form alone on every board.
#
#   scripts/peer-analyze.sh
set -eu
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="$PWD/target/peer-cgt"
(cd peers/cgt-tools && cargo build --release -q)
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
target/peer-cgt/release/peer-cgt-tools --analyze --runs "${RUNS:-3}"
