#!/bin/sh
# Time and peak memory of two builds (an older revision's and this checkout's), alternating,
# ROUNDS times each (default 3): for each game the wall time and the peak resident memory
# that `/usr/bin/time -v` reports, their medians and the ratios. The outputs (CRC-32 of the
# values, or the example's checksum) must agree.
#
#   scripts/octal-memory.sh OLD_DIR NEW_DIR [GAME N]...
#
# Each DIR holds a build's `sprague` and `octal_values` (the example: `cargo build --release
# -p sprague-cli && cargo build --release -p sprague --example octal_values`, the two files of
# target/release copied aside). A GAME that is a code (`0.137`) runs `octal_values CODE N`
# (which also holds the values as `u32`, 4 bytes a heap, to print their checksum); a ruleset
# name (`officers`) runs `sprague table RULESET --to N --summary`. Default: Officers and
# Dawson's Chess (0.137) to 2^28 ("Octal engine: one array of values" in BENCHMARKS.md).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 OLD_DIR NEW_DIR [GAME N]..." >&2; exit 2; }
old_dir=$1
new_dir=$2
shift 2
rounds=${ROUNDS:-3}
. "$(dirname "$0")/stats.sh"
[ $# -gt 0 ] || set -- "officers 268435456" "0.137 268435456"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# One run of GAME N with the build in DIR: prints "SECONDS KB CHECKSUM".
run() {
    dir=$1 game=$2 n=$3
    case $game in
    [0-9]*) answer=$(/usr/bin/time -v -o "$out" "$dir/octal_values" "$game" "$n" | awk '{print $NF}') ;;
    *) answer=$(/usr/bin/time -v -o "$out" "$dir/sprague" table "$game" --to "$n" --summary | awk '/CRC-32/ {print $NF}') ;;
    esac
    seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$out")
    kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$out")
    echo "$seconds $kb $answer"
}
for game in "$@"; do
    t1=""; t2=""; m1=""; m2=""; sums=""
    i=0
    while [ "$i" -lt "$rounds" ]; do
        # shellcheck disable=SC2086
        set -- $(run "$old_dir" $game)
        t1="$t1 $1"; m1="$m1 $2"; sums="$sums $3"
        # shellcheck disable=SC2086
        set -- $(run "$new_dir" $game)
        t2="$t2 $1"; m2="$m2 $2"; sums="$sums $3"
        i=$((i + 1))
    done
    # shellcheck disable=SC2086
    agree $sums || { echo "$game: outputs differ:$sums" >&2; exit 1; }
    mt1=$(echo "$t1" | median)
    mt2=$(echo "$t2" | median)
    mm1=$(echo "$m1" | median)
    mm2=$(echo "$m2" | median)
    echo "$game: old [$t1 ] s, median $mt1 s; [$m1 ] KB, median $mm1 KB"
    echo "$game: new [$t2 ] s, median $mt2 s; [$m2 ] KB, median $mm2 KB"
    echo "$game: time old/new $(echo "$mt1 $mt2" | awk '{printf "%.3f", $1 / $2}'), memory old/new $(echo "$mm1 $mm2" | awk '{printf "%.2f", $1 / $2}'); output$sums" | awk '{print $1, $2, $3, $4, $5, $6, $7, $8}'
done
