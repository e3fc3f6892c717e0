"""`analyze` and `table`: the CLI's JSON as dicts."""

import json
import subprocess

import pytest

import sprague
from conftest import sprague_binary


def test_analyze_gives_the_fields_of_the_spec_in_order():
    a = sprague.analyze("nim(3, 6, 9)")
    assert list(a) == [
        "position", "play", "outcome", "first_player_wins", "grundy", "value",
        "remoteness", "components", "cgt", "winning_moves", "drawing_moves",
    ]
    # The figures of *12, as CGSuite gives them for a nimber.
    assert a["cgt"]["birthday"] == 12 and a["cgt"]["atomic_weight"] == "0"
    assert a["grundy"] == 12 and a["outcome"] == "N" and a["value"] == "*12"
    # SPEC's example: Nim with heaps 3, 6 and 9 lasts 15 moves with best play.
    assert a["remoteness"] == 15
    assert a["components"][2] == {"position": "nim(9)", "grundy": 9, "value": "*9"}
    assert a["winning_moves"] == [
        {"component": 2, "description": "take 4 from the heap of 9", "to": "nim(3, 6, 5)"}
    ]


def test_analyze_of_a_partizan_position_has_the_cgt_figures():
    a = sprague.analyze("{3|0} + cut(1, 2)")
    # cut(1, 2) is -1 (only Right can cut it, into two 1x1 squares worth
    # 0), so the sum is {2|-1}: stops 2 and -1, mean 1/2, temperature 3/2,
    # born on day 3 (one after 2). It is hot, so it has no atomic weight,
    # and its options are numbers, so it is its own reduced form. Its
    # thermograph: the scaffolds 2 - t and -1 + t meet at t = 3/2, value 1/2.
    assert a["value"] == "{2|-1}"
    assert a["cgt"] == {
        "left_stop": "2", "right_stop": "-1", "mean": "1/2",
        "temperature": "3/2", "birthday": 3,
        "atomic_weight": None, "reduced": "{2|-1}",
        "thermograph": "Thermograph(1/2,[3/2],[0,-1],1/2,[3/2],[0,1])",
        # Left's incentive 2 - {2|-1} = 2 + {1|-2} = {3|0}, and Right's
        # {2|-1} - (-1) = {3|0}, the same game, listed once.
        "incentives": ["{3|0}"],
        # Play stops at once on either side: two stops, as CGSuite's
        # StopCount counts them.
        "stop_count": "2",
    }
    # ^ is all-small, of atomic weight 1, infinitesimally close to 0
    # (Winning Ways ch. 8).
    up = sprague.analyze("^")["cgt"]
    assert (up["atomic_weight"], up["reduced"]) == ("1", "0")


def test_analyze_misere_and_all():
    a = sprague.analyze("nim(1, 1, 2)", misere=True, all=True)
    assert a["play"] == "misere"
    assert a["grundy"] is None
    assert len(a["winning_moves"]) >= 1


def test_analyze_partizan_value():
    assert sprague.analyze('hackenbush("LRRL") + cut(3, 5)')["value"] == "-5/8"


def test_table_with_its_period():
    t = sprague.table("subtraction[1,3,4]", period=True)
    assert list(t) == ["ruleset", "from", "to", "values", "period"]
    assert t["period"]["period"] == 7 and t["period"]["certified"]
    assert t["values"] == [0, 1, 0, 1, 2, 3, 2] * 2


def test_table_from_to():
    t = sprague.table("octal[0.77]", to=20, frm=10)
    assert (t["from"], t["to"], len(t["values"])) == (10, 20, 11)


def test_table_of_two_numbers_as_text_or_tuple():
    t = sprague.table("wythoff", to="3x4")
    assert list(t) == ["ruleset", "from", "to", "rows", "cols", "values"]
    assert (t["from"], t["to"], t["rows"], t["cols"]) == ([0, 0], [3, 4], 4, 5)
    # OEIS A004481, Wythoff's Grundy array: rows 0 and 1.
    assert t["values"][0] == [0, 1, 2, 3, 4]
    assert t["values"][1] == [1, 2, 0, 4, 5]
    assert sprague.table("wythoff", to=(3, 4)) == t
    # Without `to`: 0..=20 each way.
    assert sprague.table("wythoff")["rows"] == 21
    # A partizan game: canonical forms, and each cell's outcome class.
    cut = sprague.table("cut", to=(1, 3))
    assert cut["from"] == [1, 1]
    assert cut["values"] == [["0", "-1", "-2"]]
    assert cut["outcomes"] == [["P", "R", "R"]]


def test_table_sizes_of_the_wrong_kind_raise_value_error():
    with pytest.raises(ValueError, match="two interacting numbers"):
        sprague.table("nim", to="3x3")
    with pytest.raises(ValueError, match="give to and frm as"):
        sprague.table("wythoff", to=20)
    with pytest.raises(ValueError, match="one heap"):
        sprague.table("wythoff", to=(5, 5), period=True)
    with pytest.raises(ValueError, match="budget"):
        sprague.table("wythoff", to=(4999, 4999))


def test_a_bad_position_raises_value_error_with_its_span():
    with pytest.raises(ValueError) as e:
        sprague.analyze("nim(3, x)")
    assert e.value.span == (7, 8)
    assert "bad position" in str(e.value)
    with pytest.raises(ValueError) as e:
        sprague.analyze("nimm(3)")
    assert e.value.span == (0, 4)
    assert "unknown ruleset" in str(e.value)


def test_a_bad_ruleset_raises_value_error_with_its_span():
    with pytest.raises(ValueError) as e:
        sprague.table("kayles[")
    assert e.value.span[0] >= 6


def test_frm_past_to_is_refused():
    with pytest.raises(ValueError):
        sprague.table("nim", to=3, frm=5)


def test_the_dicts_equal_the_cli_json():
    cli = subprocess.run(
        [sprague_binary(), "analyze", "kayles(10) + *3", "--json", "--all"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert json.loads(cli) == sprague.analyze("kayles(10) + *3", all=True)


def test_compare_gives_the_dict_of_the_cli():
    # Winning Ways ch. 2: ^ and * are confused; 1/2 exceeds ^.
    assert sprague.compare("^", "{0|0}") == {
        "left": "^", "right": "{0|0}", "relation": "||", "difference": "N"}
    assert sprague.compare("{0|1}", "^")["relation"] == ">"
    assert sprague.compare('domineering("..|..")', "+-1")["relation"] == "="
    with pytest.raises(ValueError) as e:
        sprague.compare("0", "{1|")
    assert e.value.span == (3, 3) and e.value.text == "{1|"


def test_nim_products_follow_the_mex_rule():
    # Conway, On Numbers and Games ch. 6: a*b is the mex of
    # a'*b ^ a*b' ^ a'*b' over a' < a, b' < b; checked on 0..15.
    n = 16
    table = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            seen = {table[x][b] ^ table[a][y] ^ table[x][y] for x in range(a) for y in range(b)}
            table[a][b] = next(v for v in range(256) if v not in seen)
            assert sprague.nim_product(a, b) == table[a][b]
    assert sprague.nim_power(3, 2) == sprague.nim_product(3, 3)
    assert sprague.nim_power(7, 0) == 1
    with pytest.raises(OverflowError):
        sprague.nim_product(-1, 2)
