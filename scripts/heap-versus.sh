#!/bin/sh
# `sprague table` and `sprague analyze` on the one-heap families with two builds of the CLI,
# alternating, ROUNDS times each (default 5; CASES, one command line a line, for others): the
# median wall time per case and the ratio old / new. The two builds' output (every value, every
# winning move with its label) must be the same text.
#
#   scripts/heap-versus.sh OLD_SPRAGUE NEW_SPRAGUE
set -eu
[ $# -eq 2 ] || { echo "usage: $0 OLD_SPRAGUE NEW_SPRAGUE" >&2; exit 2; }
old=$1
new=$2
rounds=${ROUNDS:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cases=${CASES:-'table nim --to 2000000 --csv
table bash[3] --to 2000000 --csv
table takeaway[2,5] --to 2000000 --csv
table subtraction[2,5,7] --to 2000000 --csv
table divisor --to 300000 --csv
table submask --to 2000000 --csv
table disjoint --to 1000000 --csv
analyze nim(7,9,12,14)
analyze bash[3](30,40,50)
analyze takeaway[2,5](40,50,60)
analyze subtraction[2,5,7](40,50,60)
analyze divisor(720720,5040,97)
analyze submask(255,127,63)
analyze disjoint(100,200,300)'}
now() { date +%s.%N; }
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
    median() { sort -g "$1" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
    m1=$(median "$out/old.times")
    m2=$(median "$out/new.times")
    echo "$case: old ${m1} s, new ${m2} s, ratio $(echo "$m1 $m2" | awk '{printf "%.2f", $1 / $2}')"
    rm -f "$out/old.times" "$out/new.times"
done
