#!/bin/sh
# `sprague analyze` on board and row games with two builds of the CLI, alternating, ROUNDS
# times each (default 5; CASES, one position a line, for other positions): the median wall time per case and the ratio old / new. The two
# builds' answers (outcome, value, winning moves with their labels) must be the same text.
#
#   scripts/board-versus.sh OLD_SPRAGUE NEW_SPRAGUE
set -eu
[ $# -eq 2 ] || { echo "usage: $0 OLD_SPRAGUE NEW_SPRAGUE" >&2; exit 2; }
old=$1
new=$2
rounds=${ROUNDS:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cases=${CASES:-'domineering("......|......|......|......|......")
clobber("xoxo|oxox|xoxo")
konane("xoxox|oxoxo|xo.ox|oxo.o")
amazons("x..|...|..o")
fission(".....|..x..|.....|...x.|.....")
skijumps("L.....|....R.|.L....|.....R|L.....")
cram(".....|.....|.....|.....")
toads("TTTT....FFFF")
backsliding_toads("TTT..FFF")'}
now() { date +%s.%N; }
echo "$cases" | while read -r case; do
    i=0
    while [ "$i" -lt "$rounds" ]; do
        for which in old new; do
            bin=$old
            [ "$which" = new ] && bin=$new
            t0=$(now)
            "$bin" analyze "$case" >"$out/$which.txt"
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
