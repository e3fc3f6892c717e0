#!/bin/sh
# sprague against cgt-tools (the `cgt` crate from crates.io) on Domineering, Clobber, Toads
# and Frogs and Snort, in one process on one thread: the median of RUNS runs each (default 3; a run over
# 30 s is not repeated), fresh caches for every run, the values checked equal (the bench exits
# 1 if they differ). Arguments are passed to the bench (`--only S`, `--skip S`, `--skip-peer S`,
# `--runs N`); by default the empty 6×6 Domineering board, which neither engine finishes in
# minutes, is left out ("Partizan canonical forms: sprague vs cgt-tools" in BENCHMARKS.md).
#
#   scripts/peer-cgt.sh [ARGS]...
set -eu
cd "$(dirname "$0")/.."
# The bench is a workspace of its own (peers/cgt-tools), so the root workspace never builds
# cgt-tools; its build goes to target/peer-cgt.
export CARGO_TARGET_DIR="$PWD/target/peer-cgt"
(cd peers/cgt-tools && cargo build --release -q)
bin=target/peer-cgt/release/peer-cgt-tools
if [ $# -eq 0 ]; then
    set -- --runs "${RUNS:-3}" --skip '"......|......|......|......|......|......"'
fi
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin" "$@"
