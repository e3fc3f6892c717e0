#!/bin/sh
# Runs CGSuite's MisereSolver (Plambeck and Siegel's misère quotient
# solver) on an octal game as a peer to `sprague quotient`:
#   peers/misere-solver/run.sh CODE HEAPS [CGSUITE_GIT_DIR]
# It reads the solver's Java sources from a CGSuite git directory (default:
# the mirror below), patches out its only ties to the rest of CGSuite (the
# ruleset type, the MSV file loader), compiles them with javac beside the two
# files here (an octal ruleset and a driver) and prints |Q|, |P| and the
# presentation (generators' heaps, relations, P-portion as words) at each
# heap where the quotient changes and at the last. Nothing is fetched.
set -eu
code=$1
heaps=$2
repo=${3:-/work/.mirror/aaron-siegel+cgsuite/repo}
here=$(cd "$(dirname "$0")" && pwd)
# MISERE_SOLVER_BUILD keeps the compiled classes between runs; without it
# they go to a temporary directory removed at the end.
if [ -n "${MISERE_SOLVER_BUILD:-}" ]; then
    build=$MISERE_SOLVER_BUILD
else
    build=$(mktemp -d)
    trap 'rm -rf "$build"' EXIT
fi
src=lib/core/src/main/scala/org/cgsuite/core/misere/solver
pkg=$build/src/org/cgsuite/core/misere/solver
# Compiled again when the driver or the ruleset here changed.
if [ ! -f "$build/classes/org/cgsuite/core/misere/solver/Main.class" ] ||
   ! cmp -s "$here/Main.java" "$pkg/Main.java" ||
   ! cmp -s "$here/PeerRules.java" "$pkg/PeerRules.java"; then
    mkdir -p "$pkg" "$build/classes"
    for f in BipartiteMonoid CommutativeMonoid DirectSumMonoid ExplicitFiniteMonoid \
             MisereSolver Pretension Relation Word; do
        git -C "$repo" show "HEAD:$src/$f.java" > "$pkg/$f.java"
    done
    python3 "$here/patch.py" "$pkg/MisereSolver.java"
    cp "$here/PeerRules.java" "$here/Main.java" "$pkg/"
    javac -nowarn -d "$build/classes" "$pkg"/*.java 2>&1 | grep -v '^Note:' || true
fi
java -ea -Xss64m -cp "$build/classes" org.cgsuite.core.misere.solver.Main "$code" "$heaps"
