package org.cgsuite.core.misere.solver;

import java.util.ArrayList;
import java.util.List;

/**
 * The heap options of an octal game, given by its code (0.77 for Kayles),
 * for running MisereSolver outside CGSuite: digit d_k of the code says what
 * taking k stones from a heap may leave (bit 1: nothing, when the heap had
 * exactly k; bit 2: one heap; bit 4: two non-empty heaps). Written for this
 * peer; it stands in for CGSuite's HeapRuleset.
 */
public class PeerRules {
    private final String code;
    private final int[] digits;

    public PeerRules(String code) {
        this.code = code;
        int point = code.indexOf('.');
        if (point < 0 || !code.substring(0, point).equals("0")) {
            throw new IllegalArgumentException("an octal code 0.d1d2... is expected, not " + code);
        }
        String after = code.substring(point + 1);
        digits = new int[after.length() + 1];
        for (int k = 1; k <= after.length(); k++) {
            digits[k] = Character.digit(after.charAt(k - 1), 8);
            if (digits[k] < 0) {
                throw new IllegalArgumentException("not an octal digit in " + code);
            }
        }
    }

    /** The options of a heap of n, each the heaps it leaves. */
    public List<int[]> heapOptions(int n) {
        List<int[]> options = new ArrayList<>();
        for (int k = 1; k < digits.length && k <= n; k++) {
            int d = digits[k];
            int rest = n - k;
            if ((d & 1) != 0 && rest == 0) {
                options.add(new int[0]);
            }
            if ((d & 2) != 0 && rest > 0) {
                options.add(new int[] {rest});
            }
            if ((d & 4) != 0) {
                for (int a = 1; 2 * a <= rest; a++) {
                    options.add(new int[] {a, rest - a});
                }
            }
        }
        return options;
    }

    public List<int[]> allOptions(int n) {
        return heapOptions(n);
    }

    @Override
    public String toString() {
        return code;
    }
}

/** What CGSuite's command line interface defines for a stopped run. */
class TimeoutException extends RuntimeException {
}
