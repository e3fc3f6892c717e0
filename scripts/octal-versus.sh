#!/bin/sh
# This checkout's octal engine against an older revision's, in the same run: both builds of
# the `octal_values` example, alternating, ROUNDS times each (default 5), wall seconds as the
# example prints them, then the medians and their ratio. The checksums must agree.
#
#   scripts/octal-versus.sh REV [CODE N [single]]...
#
# Without games it runs Officers (0.6) and Treblecross (0.007) to 2^20 on two threads.
# The older revision is built in a worktree under target/versus (removed at the end).
set -eu
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 REV [CODE N [single]]..." >&2; exit 2; }
rev=$1
shift
old=target/versus
git worktree remove --force "$old" 2>/dev/null || true
git worktree add --detach "$old" "$rev" >/dev/null
trap 'git worktree remove --force "$old"' EXIT
(cd "$old" && CARGO_TARGET_DIR=../versus-target cargo build --release -p sprague --example octal_values)
cargo build --release -p sprague --example octal_values
old_bin=target/versus-target/release/examples/octal_values
new_bin=target/release/examples/octal_values
rounds=${ROUNDS:-5}
. scripts/stats.sh
[ $# -gt 0 ] || set -- "0.6 1048576" "0.007 1048576"
for game in "$@"; do
    before=""; after=""; sums=""
    i=0
    while [ "$i" -lt "$rounds" ]; do
        # shellcheck disable=SC2086
        line=$($old_bin $game)
        before="$before $(echo "$line" | awk '{print $6}')"
        sums="$sums $(echo "$line" | awk '{print $NF}')"
        # shellcheck disable=SC2086
        line=$($new_bin $game)
        after="$after $(echo "$line" | awk '{print $6}')"
        sums="$sums $(echo "$line" | awk '{print $NF}')"
        i=$((i + 1))
    done
    # shellcheck disable=SC2086
    agree $sums || { echo "$game: checksums differ:$sums" >&2; exit 1; }
    m1=$(echo "$before" | median)
    m2=$(echo "$after" | median)
    echo "$game: $rev [$before ] median $m1 s; now [$after ] median $m2 s; ratio $(echo "$m1 $m2" | awk '{printf "%.2f", $1 / $2}')"
done
