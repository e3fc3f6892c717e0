package org.cgsuite.core.misere.solver;

/**
 * Runs MisereSolver on an octal game heap by heap and prints, for each heap
 * where the quotient changes and for the last heap, the order of the
 * quotient and of its P-portion: `java ... Main CODE HEAPS`. With the
 * environment variable MISERE_SOLVER_TRIALS set, it also prints the solver's
 * own log: each trial monoid's |Q| and |P| and the sum it failed on.
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
        int lastOrder = -1;
        long start = System.nanoTime();
        for (int n = 1; n <= heaps; n++) {
            solver.next();
            Pretension p = solver.currentPretension();
            int order = p.quotient.monoid.size();
            // Every heap on stderr too, so a run stopped by a timeout shows
            // how far it got.
            System.err.printf("heap %d: |Q| = %d (%.2f s)%n", n, order, (System.nanoTime() - start) / 1e9);
            if (order != lastOrder || n == heaps) {
                System.out.printf("%s heap %d: |Q| = %d, |P| = %d (%.2f s)%n", args[0], n, order,
                    p.quotient.pPortionSize(), (System.nanoTime() - start) / 1e9);
                lastOrder = order;
            }
        }
    }
}
