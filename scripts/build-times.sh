#!/bin/sh
# Build times in one checkout: a clean release build of PACKAGE (default sprague-cli, the
# binary; `sprague` for the library alone) in a new target directory of its own, the
# dependencies from crates.io included, and the rebuild after touching one ruleset file, each
# wall-clock seconds. Run it on two checkouts one after the other on a
# quiet machine to compare layouts (BENCHMARKS.md, "Build times").
#
#   [PACKAGE=sprague] scripts/build-times.sh CHECKOUT RULESET_FILE   (the file relative to CHECKOUT)
#   scripts/build-times.sh . crates/sprague-rulesets/src/heaps/wythoff.rs
set -eu
[ $# -eq 2 ] || { echo "usage: $0 CHECKOUT RULESET_FILE" >&2; exit 2; }
checkout=$(cd "$1" && pwd)
file=$checkout/$2
[ -f "$file" ] || { echo "$0: no file $file" >&2; exit 2; }
target=$(mktemp -d)
trap 'rm -rf "$target"' EXIT
now() { date +%s.%N; }
build() { (cd "$checkout" && CARGO_TARGET_DIR=$target cargo build --release -q -p "${PACKAGE:-sprague-cli}"); }
t0=$(now); build; t1=$(now)
touch "$file"
t2=$(now); build; t3=$(now)
echo "$checkout, ${PACKAGE:-sprague-cli}: clean release build $(echo "$t1 - $t0" | bc) s, after touching $2 $(echo "$t3 - $t2" | bc) s"
