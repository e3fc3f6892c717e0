#!/bin/sh
# `sprague analyze` on board and row games with two builds of the CLI (scripts/versus.sh: ROUNDS
# rounds each, the median wall time per case, the ratio old / new, the same answers required;
# CASES, one command line a line, for other positions).
#
#   scripts/board-versus.sh OLD_SPRAGUE NEW_SPRAGUE
set -eu
[ $# -eq 2 ] || { echo "usage: $0 OLD_SPRAGUE NEW_SPRAGUE" >&2; exit 2; }
CASES=${CASES:-'analyze domineering("......|......|......|......|......")
analyze clobber("xoxo|oxox|xoxo")
analyze konane("xoxox|oxoxo|xo.ox|oxo.o")
analyze amazons("x..|...|..o")
analyze fission(".....|..x..|.....|...x.|.....")
analyze skijumps("L.....|....R.|.L....|.....R|L.....")
analyze cram(".....|.....|.....|.....")
analyze toads("TTTT....FFFF")
analyze backsliding_toads("TTT..FFF")'}
export CASES
exec sh "$(dirname "$0")/versus.sh" "$@"
