"""Errors are Python exceptions, never a crash."""

import pytest

import sprague


class Boom(Exception):
    pass


def test_an_exception_in_moves_propagates_as_itself():
    def moves(h):
        if h == 3:
            raise Boom("no moves from 3")
        return [h - 1] if h else []

    for call in (
        lambda: sprague.grundy_table(moves, 10),
        lambda: sprague.grundy(moves, 10),
        lambda: sprague.solve(moves, 10),
        lambda: sprague.canonical(moves, lambda p: [], 10),
    ):
        with pytest.raises(Boom, match="no moves from 3"):
            call()


@pytest.mark.parametrize("bad", [None, 3, "abc", [1.5], [{1, 2}], [[1, "x"]], [(1, None)], [-1]])
def test_a_bad_option_names_the_heap(bad):
    with pytest.raises((TypeError, ValueError), match=r"moves\(4\)"):
        sprague.grundy_table(lambda h: bad if h == 4 else ([h - 1] if h else []), 6)


def test_a_bad_return_value_names_the_position():
    with pytest.raises(TypeError, match=r"moves\('x'\) returned None"):
        sprague.grundy(lambda p: None, "x")
    with pytest.raises(TypeError, match=r"moves\('x'\).*not hashable"):
        sprague.grundy(lambda p: [{1: 2}] if p == "x" else [], "x")
    with pytest.raises(TypeError, match=r"left\(0\)"):
        sprague.canonical(lambda p: 5, lambda p: [], 0)
    with pytest.raises(TypeError, match="sums"):
        sprague.solve(lambda p: [[1, 2]] if p == 0 else [], 0)
    with pytest.raises(TypeError, match="start position"):
        sprague.grundy(lambda p: [], [1])


def test_a_loop_outside_solve_is_a_value_error():
    with pytest.raises(ValueError, match="loopy"):
        sprague.grundy(lambda p: [1 - p], 0)
    with pytest.raises(ValueError, match="loopy"):
        sprague.grundy_table(lambda h: [h], 3)
    # canonical values loopy games (tests/test_loopy_canonical.py); one
    # with a sum among its options is refused.
    with pytest.raises(ValueError, match="loopy game's options must be single positions"):
        sprague.canonical(lambda p: [[0, 1]] if p == 0 else [0], lambda p: [], 0)


def test_a_heap_game_that_does_not_end_is_said_with_its_heaps():
    # A move back to the heap itself: at once.
    with pytest.raises(ValueError, match=r"heap 3 → 3: a move leaves the heap as it was"):
        sprague.grundy_table(lambda h: [h] if h == 3 else [], 3)
    # Ever larger heaps: the line from the table's last heap, when the
    # budget runs out.
    with pytest.raises(ValueError, match=r"^heap 5 → 6 → 7 → … → \d+: each move leads to a larger heap"):
        sprague.grundy_table(lambda h: [h + 1], 5)
    # grundy alike: a line of new positions from the start.
    with pytest.raises(ValueError, match=r"^0 → 1 → 2 → … → \d+: each move leads to a position not seen before"):
        sprague.grundy(lambda p: [p + 1], 0)
    # A family whose moves visit a larger heap on the way down is
    # answered: an odd heap grows by one, an even one shrinks by two; by
    # hand G(0) = 0, G(2) = 1, G(4) = 0, G(1) = mex{G(2)} = 0,
    # G(3) = mex{G(4)} = 1.
    assert sprague.grundy_table(lambda h: [h + 1] if h % 2 else [h - 2] if h else [], 3) == [0, 0, 1, 1]


def test_the_module_is_usable_after_errors():
    with pytest.raises(Boom):
        sprague.grundy(lambda p: (_ for _ in ()).throw(Boom()), 0)
    assert sprague.grundy(lambda h: list(range(h)), 5) == 5
