#!/bin/sh
# `sprague quotient` against CGSuite's MisereSolver (peers/misere-solver) on
# many octal codes, each program with the same time limit per code:
#   scripts/quotient-versus-peer.sh compare HEAPS SECONDS [CODE ...]
#   scripts/quotient-versus-peer.sh data HEAPS SECONDS [CODE ...]
# CODE defaults to every code of three digits 0.d1d2d3 (d3 not 0); `1`, `2`
# or `3` stand for every code of that many digits.
#
# `compare` runs both to heap HEAPS and prints a line a code (the peer's
# |Q| and |P|, its own clock from its first heap and its wall time, JVM
# start included; sprague's |Q| and |P| and wall time; whether the two
# agree on |Q| and |P|), then the codes each
# answered and, over the codes both answered, the median times and the
# median and range of the ratio peer / sprague.
#
# `data` prints the peer's answers in the format of
# crates/sprague-misere/tests/data/misere_solver_codes.txt: a line at each
# heap where the quotient changes and at heap HEAPS,
#   CODE HEAP changes|same => |Q| |P|; GENERATOR HEAPS; RELATIONS; P-PORTION
# and a comment for a code the peer does not finish within SECONDS.
#
# sprague is target/release/sprague unless SPRAGUE names another binary;
# with PEER=0 the peer is not run (to count the codes a build answers).
set -eu
mode=$1
heaps=$2
limit=$3
shift 3
here=$(cd "$(dirname "$0")/.." && pwd)
sprague=${SPRAGUE:-$here/target/release/sprague}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export MISERE_SOLVER_BUILD=${MISERE_SOLVER_BUILD:-$tmp/peer}
with_peer=${PEER:-1}
# Compiled once, outside the timings.
[ "$with_peer" = 0 ] || "$here/peers/misere-solver/run.sh" 0.07 1 >/dev/null 2>&1

codes() {
    for a in 0 1 2 3 4 5 6 7; do
        case $1 in
        1) [ "$a" = 0 ] || echo "0.$a" ;;
        2) for b in 1 2 3 4 5 6 7; do echo "0.$a$b"; done ;;
        3) for b in 0 1 2 3 4 5 6 7; do for c in 1 2 3 4 5 6 7; do echo "0.$a$b$c"; done; done ;;
        esac
    done
}
[ $# -gt 0 ] || set -- 3
list=""
for c in "$@"; do
    case $c in
    1 | 2 | 3) list="$list $(codes "$c")" ;;
    *) list="$list $c" ;;
    esac
done

now() { date +%s.%N; }

# The peer on one code: its output in $tmp/peer.out, its wall seconds and
# exit status (124: stopped by the time limit) in $peer_wall, $peer_rc.
run_peer() {
    if [ "$with_peer" = 0 ]; then
        peer_rc=1
        peer_wall=0
        return
    fi
    start=$(now)
    peer_rc=0
    timeout "$limit" "$here/peers/misere-solver/run.sh" "$1" "$heaps" \
        >"$tmp/peer.out" 2>"$tmp/peer.err" || peer_rc=$?
    peer_wall=$(echo "$(now) - $start" | bc)
}

case $mode in
data)
    for c in $list; do
        run_peer "$c"
        sed -n 's/^\([0-9.]*\) heap \([0-9]*\)\( (unchanged)\)*: |Q| = \([0-9]*\), |P| = \([0-9]*\) ([0-9.]* s); generator heaps\([0-9 ]*\); relations \([^;]*\); P-portion \(.*\)$/\1 \2\3 => \4 \5;\6; \7; \8/p' \
            "$tmp/peer.out" | sed 's/ (unchanged) =>/ same =>/; t; s/ =>/ changes =>/'
        if [ "$peer_rc" != 0 ]; then
            reached=$(grep '^heap' "$tmp/peer.err" | tail -1 | sed 's/^heap \([0-9]*\):.*/\1/')
            echo "# $c: not finished to heap $heaps within $limit s (exit $peer_rc, last heap done: ${reached:-none})"
        fi
    done
    ;;
compare)
    printf '%-7s %-22s %-8s %-8s %-22s %-8s %s\n' code "MisereSolver |Q| |P|" "own s" "wall s" "sprague |Q| |P|" "wall s" agree
    for c in $list; do
        run_peer "$c"
        if [ "$peer_rc" = 0 ]; then
            line=$(tail -1 "$tmp/peer.out")
            peer=$(echo "$line" | sed 's/.*|Q| = \([0-9]*\), |P| = \([0-9]*\).*/\1 \2/')
            own=$(echo "$line" | sed 's/.*(\([0-9.]*\) s).*/\1/')
        else
            peer="-"
            own="-"
        fi
        start=$(now)
        ours_rc=0
        "$sprague" quotient "octal[$c]" --heaps "$heaps" --time-limit "$limit" \
            >"$tmp/ours.out" 2>&1 || ours_rc=$?
        ours_wall=$(echo "$(now) - $start" | bc)
        if [ "$ours_rc" = 0 ]; then
            ours=$(sed -n 's/^order \([0-9]*\), P-portion of \([0-9]*\).*/\1 \2/p' "$tmp/ours.out")
        else
            ours="-"
        fi
        agree="-"
        if [ "$peer" != "-" ] && [ "$ours" != "-" ]; then
            if [ "$peer" = "$ours" ]; then
                agree=yes
            else
                agree=NO
            fi
        fi
        printf '%-7s %-22s %-8s %-8.2f %-22s %-8.3f %s\n' "$c" "$peer" "$own" "$peer_wall" "$ours" "$ours_wall" "$agree"
    done | tee "$tmp/table"
    python3 - "$tmp/table" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if not l.startswith("code")]
# code, peer |Q|, peer |P| (or "-"), own, wall, ours |Q|, |P| (or "-"), wall, agree...
def parse(r):
    i = 1
    peer = None if r[i] == "-" else (r[i], r[i + 1])
    i += 1 if peer is None else 2
    own, pwall = r[i], float(r[i + 1])
    i += 2
    ours = None if r[i] == "-" else (r[i], r[i + 1])
    i += 1 if ours is None else 2
    return peer, own, pwall, ours, float(r[i]), " ".join(r[i + 1:])
rows = [(r[0],) + parse(r) for r in rows]
n = len(rows)
peer_ok = [r for r in rows if r[1]]
ours_ok = [r for r in rows if r[4]]
both = [r for r in rows if r[1] and r[4]]
print(f"\n{n} codes: MisereSolver answered {len(peer_ok)}, sprague {len(ours_ok)}, both {len(both)}")
print("peer only:", " ".join(r[0] for r in rows if r[1] and not r[4]) or "none")
print("sprague only:", " ".join(r[0] for r in rows if r[4] and not r[1]) or "none")
bad = [r[0] for r in both if r[6] != "yes"]
print("disagree:", " ".join(bad) or "none")
if both:
    own = [float(r[2]) for r in both]
    pw = [r[3] for r in both]
    ow = [r[5] for r in both]
    print(f"medians over both: MisereSolver own clock {statistics.median(own):.3f} s, wall {statistics.median(pw):.3f} s; sprague wall {statistics.median(ow):.3f} s")
    ratio_wall = sorted(p / o for p, o in zip(pw, ow))
    ratio_own = sorted(p / o for p, o in zip(own, ow))
    print(f"ratio MisereSolver wall / sprague wall: median {statistics.median(ratio_wall):.1f}, range {ratio_wall[0]:.1f}-{ratio_wall[-1]:.1f}")
    print(f"ratio MisereSolver own clock / sprague wall: median {statistics.median(ratio_own):.1f}, range {ratio_own[0]:.2f}-{ratio_own[-1]:.1f}")
    slower = [r[0] for r in both if r[5] > float(r[2])]
    print("sprague slower than the peer's own clock:", " ".join(slower) or "none")
EOF
    ;;
*)
    echo "usage: scripts/quotient-versus-peer.sh compare|data HEAPS SECONDS [CODE ...]" >&2
    exit 2
    ;;
esac
