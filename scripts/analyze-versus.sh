#!/bin/sh
# `analyze` on sums (normal, misère, partizan) in this checkout against an older revision, in
# the same run: the `analyze_timing` example built at both (this checkout's copy of the example
# is put into the older tree, since it uses only `Position::parse` and `analyze`), alternating,
# ROUNDS times each (default 5); each run prints a median per case over 9 samples. Prints
# the medians of those medians and their ratio. The answers' checksums must agree.
#
#   scripts/analyze-versus.sh REV
set -eu
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 REV" >&2; exit 2; }
rev=$1
old=target/versus-analyze
git worktree remove --force "$old" 2>/dev/null || true
git worktree add --detach "$old" "$rev" >/dev/null
trap 'git worktree remove --force "$old"' EXIT
cp crates/sprague/examples/analyze_timing.rs "$old/crates/sprague/examples/"
(cd "$old" && CARGO_TARGET_DIR=../versus-target cargo build --release -q -p sprague --example analyze_timing)
cargo build --release -q -p sprague --example analyze_timing
old_bin=target/versus-target/release/examples/analyze_timing
new_bin=target/release/examples/analyze_timing
rounds=${ROUNDS:-5}
out=$(mktemp -d)
i=0
while [ "$i" -lt "$rounds" ]; do
    $old_bin 9 >>"$out/old"
    $new_bin 9 >>"$out/new"
    i=$((i + 1))
done
. scripts/stats.sh
cut -d: -f1 "$out/new" | awk '!seen[$0]++' | while read -r case; do
    # shellcheck disable=SC2046
    if ! agree $(grep -h "^$case:" "$out/old" "$out/new" | awk '{print $NF}'); then
        echo "$case: the answers differ between $rev and this checkout" >&2
        exit 1
    fi
    m1=$(grep "^$case:" "$out/old" | awk '{print $(NF-6)}' | median)
    m2=$(grep "^$case:" "$out/new" | awk '{print $(NF-6)}' | median)
    echo "$case: $rev ${m1} s, now ${m2} s, ratio $(echo "$m1 $m2" | awk '{printf "%.2f", $1 / $2}')"
done
rm -r "$out"
