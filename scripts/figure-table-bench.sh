#!/usr/bin/env bash
# Tables of figures (issue 37): Partizan Euclid's atomic weights, one
# `sprague table --field` against the baseline the issue measured, one
# `analyze` per position (here one process each, and with Python's module
# one call each when PYTHON names an interpreter that imports sprague).
# Each case runs RUNS times; the median wall time is printed.
#
#   scripts/figure-table-bench.sh [SPRAGUE] [RUNS]
set -euo pipefail
sprague=${1:-target/release/sprague}
runs=${2:-5}
python=${PYTHON:-}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
time_of() { # runs "$@" RUNS times, prints the median seconds
  for _ in $(seq "$runs"); do
    local t0; t0=$(now); "$@" > /dev/null; echo "$(now) - $t0" | bc -l
  done | median
}

loop_cli() {
  for p in $(seq 1 15); do for q in $(seq 1 15); do
    "$sprague" analyze "euclid($p, $q)" --json > /dev/null
  done; done
}

table_15() { "$sprague" table euclid --from 1x1 --to 15x15 --field atomic_weight --json; }
hot_200() {
  "$sprague" table euclid --from 1x1 --to 200x200 --field atomic_weight \
    --where 'atomic_weight.temperature > 0' --json
}
row_10() { "$sprague" table euclid --from 10x1 --to 10x100 --field atomic_weight --layout period; }

echo "15x15 atomic weights, one analyze process a cell (baseline): $(time_of loop_cli) s"
if [ -n "$python" ]; then
  loop_py() {
    "$python" -c '
import sprague
[sprague.analyze(f"euclid({p}, {q})")["cgt"]["atomic_weight"] for p in range(1, 16) for q in range(1, 16)]'
  }
  table_py() { "$python" -c 'import sprague; sprague.table("euclid", "15x15", "1x1", field="atomic_weight")'; }
  echo "15x15 atomic weights, Python's analyze a cell (baseline): $(time_of loop_py) s"
  echo "15x15 atomic weights, Python's table(field=...): $(time_of table_py) s"
fi
echo "15x15 atomic weights, table --field: $(time_of table_15) s"
echo "row 10 to q = 100 laid out by its period: $(time_of row_10) s"
echo "hot atomic weights up to 200x200 (40 000 positions): $(time_of hot_200) s"
