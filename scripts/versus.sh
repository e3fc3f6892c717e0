#!/bin/sh
# One `sprague` command line per case with two builds of the CLI, alternating, ROUNDS times each
# (default 5): the median wall time per case and the ratio old / new. The two builds' output must
# be the same text. CASES holds the cases, one command line a line, its words split on blanks
# (a position with quotes inside keeps them: `analyze clobber("xo|ox")`).
# scripts/board-versus.sh and scripts/heap-versus.sh give it their cases.
#
#   CASES='analyze nim(3,5)' scripts/versus.sh OLD_SPRAGUE NEW_SPRAGUE
set -eu
[ $# -eq 2 ] || { echo "usage: $0 OLD_SPRAGUE NEW_SPRAGUE" >&2; exit 2; }
[ -n "${CASES:-}" ] || { echo "$0: CASES is empty" >&2; exit 2; }
old=$1
new=$2
rounds=${ROUNDS:-5}
cases=$CASES
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
now() { date +%s.%N; }
. "$(dirname "$0")/stats.sh"
echo "$cases" | while read -r case; do
    i=0
    while [ "$i" -lt "$rounds" ]; do
        for which in old new; do
            bin=$old
            [ "$which" = new ] && bin=$new
            t0=$(now)
            # The case is split on blanks: its words are the arguments.
            # shellcheck disable=SC2086
            "$bin" $case >"$out/$which.txt"
            t1=$(now)
            echo "$t1 - $t0" | bc >>"$out/$which.times"
        done
        cmp -s "$out/old.txt" "$out/new.txt" || { echo "$case: the answers differ" >&2; exit 1; }
        i=$((i + 1))
    done
    m1=$(median <"$out/old.times")
    m2=$(median <"$out/new.times")
    echo "$case: old ${m1} s, new ${m2} s, ratio $(echo "$m1 $m2" | awk '{printf "%.2f", $1 / $2}')"
    rm -f "$out/old.times" "$out/new.times"
done
