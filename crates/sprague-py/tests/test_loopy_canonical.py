"""``canonical`` of games in which a position can come back: the value of
the theory of loopy partizan games, as ``sprague analyze`` gives it.

Expected values: ``on = {pass|}``, ``off = {|pass}``, ``over = {0|pass}``,
``under = {pass|0}`` and ``dud = {pass|pass}`` by their definitions
(Siegel, *Combinatorial Game Theory*, VI.1; Winning Ways, ch. 11);
``tis = a{{|a}|}`` is the sided value ``1 & 0`` (CGSuite's documentation of
``StopperSidedValue``; Winning Ways, ch. 11: tis and tisn).
"""

import pytest

import sprague


def game(left, right):
    """Left's and Right's options from two dicts of lists."""
    return (lambda p: left.get(p, []), lambda p: right.get(p, []))


def test_on_is_a_position_whose_left_option_is_itself():
    left, right = game({"on": ["on"]}, {})
    assert sprague.canonical(left, right, "on") == "on"
    figures = sprague.canonical(left, right, "on", figures=True)
    assert figures == {
        "value": "on",
        "outcome": "L",
        # CGSuite's CanonicalStopperTestCase: on's stops, degree and
        # variety are on; a stopper's sides are itself.
        "cgt": {
            "left_stop": "on",
            "right_stop": "on",
            "onside": "on",
            "offside": "on",
            "degree": "on",
            "variety": "on",
            "birthday": None,
        },
    }
    left, right = game({}, {"off": ["off"]})
    assert sprague.canonical(left, right, "off") == "off"


def test_over_and_under():
    # over = {0 | pass}: Left moves to 0; Right only back to over.
    left, right = game({"over": ["zero"]}, {"over": ["over"]})
    assert sprague.canonical(left, right, "over") == "over"
    figures = sprague.canonical(left, right, "over", figures=True)
    # Left moving first wins (to 0); Right moving first can only pass, so
    # Left wins too.
    assert figures["outcome"] == "L"
    # over is a pseudonumber: both its stops are itself (Siegel, VI.3).
    cgt = figures["cgt"]
    assert (cgt["left_stop"], cgt["right_stop"]) == ("over", "over")
    # CGSuite's CanonicalStopperTestCase: over's degree and variety.
    assert (cgt["degree"], cgt["variety"]) == ("over", "over")
    left, right = game({"under": ["under"]}, {"under": [[]]})
    assert sprague.canonical(left, right, "under") == "under"


def test_dud_is_a_draw():
    left, right = game({"dud": ["dud"]}, {"dud": ["dud"]})
    assert sprague.canonical(left, right, "dud") == "dud"
    figures = sprague.canonical(left, right, "dud", figures=True)
    assert (figures["value"], figures["outcome"]) == ("dud", "D")
    # CGSuite's SidedValueTestCase: dud's onside is on, its offside off; a
    # sided value has no stops, degree or variety.
    assert figures["cgt"] == {
        "left_stop": None,
        "right_stop": None,
        "onside": "on",
        "offside": "off",
        "degree": None,
        "variety": None,
        "birthday": None,
    }


def test_tis_is_one_and_zero():
    # tis = {tisn |}, tisn = {| tis}.
    left, right = game({"tis": ["tisn"]}, {"tisn": ["tis"]})
    assert sprague.canonical(left, right, "tis") == "1 & 0"
    assert sprague.canonical(right, left, "tis") == "0 & -1"
    figures = sprague.canonical(left, right, "tis", figures=True)
    # CGSuite's SidedValueTestCase: a{{|a}|} is 1 & 0.
    assert (figures["cgt"]["onside"], figures["cgt"]["offside"]) == ("1", "0")
    assert figures["cgt"]["left_stop"] is None
    # The onside 1 is won by Left, the offside 0 by the second player:
    # Left moving first draws, Right moving first loses.
    assert figures["outcome"] == "PHat"


def test_loopy_values_agree_with_analyze():
    # The same games written in the position language.
    cases = [
        ({"a": ["b"], "b": ["a"]}, {}, "a", "a{b{a|}|}"),
        ({"a": ["z"]}, {"a": ["b"], "b": ["a"]}, "a", "a{0|{|a}}"),
        ({"a": ["a", 0]}, {"a": [0]}, "a", "{pass, 0|0}"),
    ]
    for left, right, start, written in cases:
        ours = sprague.canonical(*game(left, right), start)
        assert ours == sprague.analyze(written)["value"], written


def test_a_loopy_game_beyond_the_limit_is_a_value_error():
    n = sprague.MAX_VALUE_VERTICES + 1
    # A cycle of n positions, Left moving round it.
    left, right = (lambda p: [(p + 1) % n]), (lambda p: [])
    with pytest.raises(ValueError, match=f"has {n} positions in one strongly connected component, more than {n - 1}"):
        sprague.canonical(left, right, 0)


def test_analyze_and_compare_of_loopy_positions():
    # CGSuite's CanonicalStopperTestCase: {pass|3/2} is 3/2under, both its
    # stops 3/2under, its degree over and its variety under.
    cgt = sprague.analyze("{pass|3/2}")["cgt"]
    assert (cgt["left_stop"], cgt["right_stop"]) == ("3/2under", "3/2under")
    assert (cgt["degree"], cgt["variety"]) == ("over", "under")
    # over = over, though over - over is the draw over & under.
    c = sprague.compare("over", "{0|pass}")
    assert (c["relation"], c["difference"]) == ("=", "D")
