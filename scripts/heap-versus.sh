#!/bin/sh
# `sprague table` and `sprague analyze` on the one-heap families with two builds of the CLI
# (scripts/versus.sh: ROUNDS rounds each, the median wall time per case, the ratio old / new, the
# same output required; CASES, one command line a line, for others).
#
#   scripts/heap-versus.sh OLD_SPRAGUE NEW_SPRAGUE
set -eu
[ $# -eq 2 ] || { echo "usage: $0 OLD_SPRAGUE NEW_SPRAGUE" >&2; exit 2; }
CASES=${CASES:-'table nim --to 2000000 --csv
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
export CASES
exec sh "$(dirname "$0")/versus.sh" "$@"
