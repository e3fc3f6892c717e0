package org.cgsuite.core.misere.solver;

import java.util.ArrayList;

/**
 * Runs MisereSolver on an octal game heap by heap and prints, for each heap
 * where the quotient changes (the solver's expansion heaps) and for the last
 * heap, the order of the quotient and of its P-portion, then the solver's
 * presentation: the least heap of each generator's element, the relations
 * and the P-portion as words (`java ... Main CODE HEAPS`):
 *   0.34 heap 10: |Q| = 12, |P| = 3 (0.31 s); generator heaps 1 4 10;
 *   relations a2=1,b4=b2,b2c=b3,c2=1; P-portion a,b2,ac
 * (one line); the last heap's line, where the quotient did not change
 * there, says `heap 14 (unchanged):`. With the environment variable MISERE_SOLVER_TRIALS set, it
 * also prints the solver's own log: each trial monoid's |Q| and |P| and the
 * sum it failed on.
 */
public class Main {
    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: Main CODE HEAPS");
            System.exit(2);
        }
        PeerRules rules = new PeerRules(args[0]);
        int heaps = Integer.parseInt(args[1]);
        MisereSolver solver = new MisereSolver(rules);
        if (System.getenv("MISERE_SOLVER_TRIALS") != null) {
            solver.logs.add(System.out);
        }
        long start = System.nanoTime();
        for (int n = 1; n <= heaps; n++) {
            solver.next();
            Pretension p = solver.currentPretension();
            int order = p.quotient.monoid.size();
            // Every heap on stderr too, so a run stopped by a timeout shows
            // how far it got.
            System.err.printf("heap %d: |Q| = %d (%.2f s)%n", n, order, (System.nanoTime() - start) / 1e9);
            boolean expanded = solver.expansionHeaps.get(solver.expansionHeaps.size() - 1) == n;
            if (expanded || n == heaps) {
                System.out.printf("%s heap %d%s: |Q| = %d, |P| = %d (%.2f s); %s%n", args[0], n,
                    expanded ? "" : " (unchanged)", order, p.quotient.pPortionSize(),
                    (System.nanoTime() - start) / 1e9, presentation(p));
            }
        }
    }

    /** The generators' least heaps, the relations and the P-portion. */
    static String presentation(Pretension p) {
        CommutativeMonoid monoid = p.quotient.monoid;
        StringBuilder out = new StringBuilder("generator heaps");
        for (int gen = 0; gen < monoid.getNumGenerators(); gen++) {
            out.append(' ').append(p.prefn.indexOf(monoid.getGeneratorElement(gen)));
        }
        out.append("; relations ");
        StringBuilder relations = new StringBuilder();
        for (Relation r : monoid.getNumGenerators() == 0 ? new ArrayList<Relation>() : monoid.presentation()) {
            relations.append(relations.length() == 0 ? "" : ",").append(r);
        }
        out.append(relations.length() == 0 ? "-" : relations);
        out.append("; P-portion ");
        StringBuilder portion = new StringBuilder();
        for (Word w : p.quotient.pPortion()) {
            portion.append(portion.length() == 0 ? "" : ",").append(w);
        }
        out.append(portion.length() == 0 ? "-" : portion);
        return out.toString();
    }
}
