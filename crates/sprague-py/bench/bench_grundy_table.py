"""The cost of a Python-defined one-heap family, against the cost of its
moves function alone.

Measures, in one run, the median of several timings of

- ``sprague.grundy_table(moves, N)``: one call of ``moves`` per heap, the
  options read into Rust, the values computed there;
- a plain Python loop calling ``moves(h)`` for ``h = 0..N``, the least any
  Python-defined table can cost;

and prints their ratio (the issue asks for at most 2). The family is the
subtraction game S = {1, 3, 4}: a cheap, realistic rule with a bounded
number of options (a Kayles-like split has O(h) options per heap, so a table
to 10^5 would be quadratic in the moves function itself). Each result is
checked against the published period (0 1 0 1 2 3 2, Winning Ways ch. 4).

Usage: python bench_grundy_table.py [N] [REPEATS]
"""

import statistics
import sys
import time

import sprague


def moves(h):
    return [h - t for t in (1, 3, 4) if t <= h]


def plain_loop(n):
    for h in range(n + 1):
        moves(h)


def median_seconds(f, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    values = sprague.grundy_table(moves, n)
    assert values == [[0, 1, 0, 1, 2, 3, 2][h % 7] for h in range(n + 1)]
    table = median_seconds(lambda: sprague.grundy_table(moves, n), repeats)
    loop = median_seconds(lambda: plain_loop(n), repeats)
    print(f"heaps 0..={n}, median of {repeats}")
    print(f"grundy_table:          {table * 1e3:8.1f} ms")
    print(f"plain loop of moves(): {loop * 1e3:8.1f} ms")
    print(f"ratio: {table / loop:.2f}")


if __name__ == "__main__":
    main()
