"""Games defined in Python against the built-in rulesets and brute force."""

import functools

import pytest

import sprague
from conftest import published


def subtraction(s):
    return lambda h: [h - t for t in s if t <= h]


def kayles(h):
    """Knock down one pin or two adjacent pins: the row splits in two."""
    return [(a, h - k - a) for k in (1, 2) if k <= h for a in range(0, (h - k) // 2 + 1)]


def mex(values):
    g = 0
    while g in values:
        g += 1
    return g


def test_subtraction_table_equals_the_builtin_and_the_published_period():
    ours = sprague.grundy_table(subtraction((1, 3, 4)), 500)
    assert ours == sprague.table("subtraction[1,3,4]", to=500)["values"]
    # Winning Ways, ch. 4: period 7, 0 1 0 1 2 3 2.
    assert ours == [[0, 1, 0, 1, 2, 3, 2][n % 7] for n in range(501)]


def test_subtraction_against_brute_force():
    s = (2, 5, 6)
    brute = []
    for n in range(200):
        brute.append(mex({brute[n - t] for t in s if t <= n}))
    assert sprague.grundy_table(subtraction(s), 199) == brute
    assert [sprague.grundy(subtraction(s), n) for n in range(0, 200, 17)] == brute[::17]


def test_kayles_equals_octal_077_and_oeis_a002186():
    ours = sprague.grundy_table(kayles, 300)
    assert ours == sprague.table("octal[0.77]", to=300)["values"]
    a002186 = published("A002186.txt")
    assert ours[: len(a002186)] == a002186


def test_a_list_option_is_a_sum():
    # Positions are tuples of heaps; a move acts on one heap and leaves a sum.
    def moves(row):
        (h,) = row
        return [[(a,), (h - k - a,)] for k in (1, 2) if k <= h for a in range(0, h - k + 1)]

    table = sprague.grundy_table(kayles, 40)
    assert [sprague.grundy(moves, (h,)) for h in range(41)] == table
    # The whole position nim(3, 5, 6) as a sum of three heaps.
    nim = lambda h: list(range(h))
    assert sprague.grundy(lambda p: [[q] for q in nim(p)] if isinstance(p, int) else [], 7) == 7
    assert sprague.grundy(lambda p: [] if p == "end" else [[3, 5, 6]] if p == "s" else nim(p), "s") == 1


def test_a_chain_of_a_hundred_thousand_positions():
    chain = lambda n: [n - 1] if n else []
    assert sprague.grundy(chain, 100_000) == 0
    assert sprague.grundy(chain, 99_999) == 1
    left = lambda n: [n - 1] if n else []
    assert sprague.canonical(left, lambda n: [], 100_000) == "100000"
    assert sprague.solve(chain, 100_000) == {"outcome": "P", "remoteness": 100_000}


def test_moves_are_asked_once_per_position():
    calls = {}

    def moves(h):
        calls[h] = calls.get(h, 0) + 1
        return [(a, h - 2 - a) for a in range(0, h - 1)] + ([h - 1] if h else [])

    sprague.grundy_table(moves, 60)
    assert set(calls.values()) == {1} and len(calls) == 61
    calls.clear()

    def counted(p):
        calls[p] = calls.get(p, 0) + 1
        return [q for q in range(p) if q % 3]

    sprague.grundy(counted, 50)
    assert set(calls.values()) == {1}


def cutcake_moves(side):
    """Cutcake as the built-in `cut`: Left splits the first side, Right the second."""
    def moves(bar):
        x, y = bar
        if side == "L":
            return [[(a, y), (x - a, y)] for a in range(1, x)]
        return [[(x, b), (x, y - b)] for b in range(1, y)]
    return moves


def test_cutcake_canonical_values_equal_the_builtin():
    for x in range(1, 7):
        for y in range(1, 7):
            ours = sprague.canonical(cutcake_moves("L"), cutcake_moves("R"), (x, y))
            assert ours == sprague.analyze(f"cut({x}, {y})")["value"], (x, y)


def test_canonical_figures_equal_the_builtin_analysis():
    # Cutcake defined here against the built-in `cut`: the figures of
    # `canonical(..., figures=True)` are the `cgt` object of `analyze`.
    for x, y in [(1, 1), (2, 1), (3, 5), (4, 4), (6, 3)]:
        ours = sprague.canonical(
            cutcake_moves("L"), cutcake_moves("R"), (x, y), figures=True
        )
        builtin = sprague.analyze(f"cut({x}, {y})")
        assert ours["value"] == builtin["value"], (x, y)
        assert ours["outcome"] == builtin["outcome"], (x, y)
        assert ours["cgt"] == builtin["cgt"], (x, y)


def test_a_switch_has_its_stops_and_temperature():
    # {1 | -1}: Left moves to 1, Right to -1, each a number game of its own.
    def left(p):
        return {"g": ["one"], "one": ["zero"]}.get(p, [])

    def right(p):
        return {"g": ["minus"], "minus": ["zero"]}.get(p, [])

    figures = sprague.canonical(left, right, "g", figures=True)
    assert figures["value"] == "±1"
    assert figures["outcome"] == "N"
    assert (figures["cgt"]["left_stop"], figures["cgt"]["right_stop"]) == ("1", "-1")
    assert figures["cgt"]["temperature"] == "1"


def test_a_split_may_be_a_list_as_a_sum_is():
    # Kayles: take one or two pins, from the end or the middle.
    def kayles(split):
        def moves(h):
            out = []
            for take in (1, 2):
                for left in range(0, h - take + 1):
                    parts = (left, h - take - left)
                    out.append(split(parts))
            return out
        return moves

    as_tuples = sprague.grundy_table(kayles(tuple), 30)
    as_lists = sprague.grundy_table(kayles(list), 30)
    assert as_lists == as_tuples == sprague.table("kayles", to=30)["values"]


def test_table_takes_from_as_from_underscore():
    assert sprague.table("kayles", to=20, from_=5) == sprague.table("kayles", to=20, frm=5)
    assert sprague.table("kayles", to=20, from_=5)["from"] == 5
    with pytest.raises(ValueError, match="two first heaps"):
        sprague.table("kayles", to=20, frm=3, from_=5)


def hackenbush_moves(colour):
    """A Hackenbush string from the ground up: cut one of your edges and
    everything above it goes."""
    return lambda s: [s[:i] for i, c in enumerate(s) if c == colour]


def test_hackenbush_strings_equal_the_builtin():
    import itertools
    for n in range(1, 8):
        for edges in itertools.product("LR", repeat=n):
            s = "".join(edges)
            ours = sprague.canonical(hackenbush_moves("L"), hackenbush_moves("R"), s)
            assert ours == sprague.analyze(f'hackenbush("{s}")')["value"], s


def test_impartial_games_have_nimber_canonical_values():
    nim = lambda h: list(range(h))
    assert sprague.canonical(nim, nim, 1) == "*"
    assert sprague.canonical(nim, nim, 0) == "0"
    assert sprague.canonical(nim, nim, 3) == "*3"


def rugs_moves(board):
    """The coin game of seed note 004: choose a white cell (1) and flip the
    rectangle that has it as its top-left corner."""
    rows, cols = len(board), len(board[0])
    out = []
    for i in range(rows):
        for j in range(cols):
            if board[i][j]:
                for i2 in range(i, rows):
                    for j2 in range(j, cols):
                        out.append(tuple(
                            tuple(c ^ (i <= r <= i2 and j <= k <= j2) for k, c in enumerate(row))
                            for r, row in enumerate(board)
                        ))
    return out


def test_the_coin_game_equals_the_builtin_rugs():
    for text in ["1", "11", "101;011", "110;011", "111;101", "1011;0110"]:
        board = tuple(tuple(int(c) for c in row) for row in text.split(";"))
        assert sprague.grundy(rugs_moves, board) == sprague.analyze(f'rugs("{text}")')["grundy"], text


def brute_loopy(graph):
    """Outcomes by the definition, iterated to a fixed point."""
    outcome = {v: None for v in graph}
    changed = True
    while changed:
        changed = False
        for v, succ in graph.items():
            if outcome[v] is not None:
                continue
            if any(outcome[w] == "P" for w in succ):
                outcome[v] = "N"
            elif all(outcome[w] == "N" for w in succ):
                outcome[v] = "P"
            else:
                continue
            changed = True
    return {v: o or "D" for v, o in outcome.items()}


def test_a_loopy_game_by_hand_and_by_brute_force():
    # Seed note 004's example: a terminal t (P), a, b that can move to each
    # other, c that reaches t; hand-checked: c -> t wins (N, remoteness 1),
    # d only reaches c (P, 2), a <-> b with an escape to d from a (a: N,
    # move to d; b: can go to a only, which wins: P), e <-> f with no exit
    # (draws).
    graph = {
        "t": [], "c": ["t"], "d": ["c"], "a": ["b", "d"], "b": ["a"],
        "e": ["f"], "f": ["e", "c"],
    }
    hand = {"t": "P", "c": "N", "d": "P", "a": "N", "b": "P", "e": "D", "f": "D"}
    moves = graph.__getitem__
    got = {v: sprague.solve(moves, v) for v in graph}
    assert {v: r["outcome"] for v, r in got.items()} == hand == brute_loopy(graph)
    assert got["c"]["remoteness"] == 1 and got["d"]["remoteness"] == 2
    assert got["e"]["remoteness"] is None


def test_solve_on_a_subtraction_game_with_a_loop():
    # Take 1 or 2, or put one back while the heap is below 3: heaps 0..2 loop.
    moves = lambda h: [h - t for t in (1, 2) if t <= h] + ([h + 1] if h < 3 else [])
    graph = {h: moves(h) for h in range(4)}
    expected = brute_loopy(graph)
    assert {h: sprague.solve(moves, h)["outcome"] for h in range(4)} == expected
