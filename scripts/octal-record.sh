#!/bin/sh
# The record-class octal runs of BENCHMARKS.md ("Octal games"), in release mode:
# 0.1777 found and proved from scratch (Flammenkamp: period 60 620 715, preperiod 160 949 018),
# Officers (0.6) to 2^20 and Treblecross (0.007) as far as asked, each beside the plain mex
# method on a smaller N. Needs about 0.9 GB of memory for 0.1777.
set -eu
cd "$(dirname "$0")/.."
cargo build --release -p sprague --examples
bin=target/release/examples
/usr/bin/time -f "%e s wall, %U s user, %M KB" "$bin/octal_period" 0.1777
/usr/bin/time -f "%e s wall, %U s user, %M KB" "$bin/octal_values" 0.6 1048576
/usr/bin/time -f "%e s wall, %U s user, %M KB" "$bin/octal_values" 0.6 65536 plain
/usr/bin/time -f "%e s wall, %U s user, %M KB" "$bin/octal_values" 0.007 "${TREBLECROSS_N:-100000}"
/usr/bin/time -f "%e s wall, %U s user, %M KB" "$bin/octal_values" 0.007 50000 plain
