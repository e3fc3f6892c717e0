#!/bin/sh
# One thread against two for the single-split games (BENCHMARKS.md, "Octal engine on two
# threads"): Officers (0.6) to 2^20 and Treblecross (0.007) to 2^18, each run ROUNDS times
# (default 5), the two variants alternating, wall-clock seconds as the example prints them;
# then the medians and their ratio.
set -eu
cd "$(dirname "$0")/.."
cargo build --release -p sprague --examples
bin=target/release/examples/octal_values
rounds=${ROUNDS:-5}
. scripts/stats.sh
for game in "0.6 1048576" "0.007 262144"; do
    one=""; two=""
    i=0
    while [ "$i" -lt "$rounds" ]; do
        # shellcheck disable=SC2086
        one="$one $($bin $game single | awk '{print $6}')"
        # shellcheck disable=SC2086
        two="$two $($bin $game | awk '{print $6}')"
        i=$((i + 1))
    done
    m1=$(echo "$one" | median)
    m2=$(echo "$two" | median)
    echo "$game: one thread [$one ] median $m1 s; two threads [$two ] median $m2 s; ratio $(echo "$m1 $m2" | awk '{printf "%.2f", $1 / $2}')"
done
