"""``sprague.table`` with ``field``, ``where`` and ``layout``: every figure,
filter and layout checked against ``sprague.analyze`` of the same positions
(never against the table's own output); the result is a ``dict`` (the
``Table`` class) with ``.layout(k)``."""

import json
from fractions import Fraction

import pytest
import sprague

FIELDS = [
    "value",
    "outcome",
    "grundy",
    "left_stop",
    "right_stop",
    "mean",
    "temperature",
    "birthday",
    "atomic_weight",
    "reduced",
    "stop_count",
    "thermograph",
    "incentives",
]


def analyzed(analysis, name):
    if name in ("value", "outcome", "grundy"):
        return analysis[name]
    return analysis["cgt"][name]


def positions(t):
    """Each position of a table's dict, in order, with its place in the
    columns: ``(position, i, j)`` (``j`` is ``None`` for a sequence)."""
    ruleset = t["ruleset"]
    if isinstance(t["from"], list):
        (a0, b0), (a1, b1) = t["from"], t["to"]
        for a in range(a0, a1 + 1):
            for b in range(b0, b1 + 1):
                yield f"{ruleset}({a}, {b})", a - a0, b - b0
    else:
        for n in range(t["from"], t["to"] + 1):
            yield f"{ruleset}({n})", n - t["from"], None


def cell(column, i, j):
    return column[i] if j is None else column[i][j]


@pytest.mark.parametrize(
    "ruleset, frm, to",
    [
        ("subtraction[1,3|2,3]", 0, 8),
        ("euclid", "1x1", "5x5"),
        ("kayles", 0, 10),
        ("wythoff", (0, 0), (3, 3)),
    ],
)
def test_every_field_is_what_analyze_gives(ruleset, frm, to):
    t = sprague.table(ruleset, to, frm, field=FIELDS)
    assert isinstance(t, dict) and isinstance(t, sprague.Table)
    assert t["fields"] == FIELDS
    for position, i, j in positions(t):
        a = sprague.analyze(position)
        for name in FIELDS:
            assert cell(t["columns"][name], i, j) == analyzed(a, name), (position, name)


def test_a_field_list_may_be_one_text_and_names_may_have_cgt_in_front():
    t = sprague.table("euclid", "7x8", "7x8", field="cgt.atomic_weight,outcome")
    a = sprague.analyze("euclid(7, 8)")
    assert t["fields"] == ["atomic_weight", "outcome"]
    assert t["columns"]["atomic_weight"] == [[a["cgt"]["atomic_weight"]]]
    assert t["columns"]["outcome"] == [[a["outcome"]]]


def test_misere_fields_are_what_analyze_gives():
    t = sprague.table("kayles", 10, misere=True, field=["grundy", "genus", "outcome"])
    for n in range(11):
        a = sprague.analyze(f"kayles({n})", misere=True)
        assert t["columns"]["grundy"][n] == a["misere"]["grundy"]
        assert t["columns"]["genus"][n] == a["misere"]["genus"]
        assert t["columns"]["outcome"][n] == a["outcome"]


@pytest.mark.parametrize(
    "ruleset, frm, to, expr, check",
    [
        (
            "euclid",
            "1x1",
            "8x8",
            "atomic_weight != 0 and outcome == N",
            lambda a: a["cgt"]["atomic_weight"] not in (None, "0") and a["outcome"] == "N",
        ),
        (
            "subtraction[1,3|2,3]",
            0,
            14,
            "temperature > 0",
            lambda a: Fraction(a["cgt"]["temperature"]) > 0,
        ),
        ("kayles", 0, 20, "grundy >= 3", lambda a: a["grundy"] >= 3),
    ],
)
def test_where_keeps_exactly_what_analyze_says(ruleset, frm, to, expr, check):
    t = sprague.table(ruleset, to, frm, field="value", where=expr)
    everything = sprague.table(ruleset, to, frm, field="value")
    expected = [p for p, _, _ in positions(everything) if check(sprague.analyze(p))]
    listed = [
        f"{ruleset}({p['n']})" if "n" in p else f"{ruleset}({p['a']}, {p['b']})"
        for p in t["positions"]
    ]
    assert listed == expected and expected
    assert t["count"] == len(expected)


def test_bad_filters_fields_and_layouts_raise_value_error():
    # `or` is not a connective: the filter is refused, saying where.
    with pytest.raises(ValueError, match="bad where"):
        sprague.table("kayles", 10, field="value", where="grundy > 1 or grundy < 1")
    with pytest.raises(ValueError, match="is not a field of the table"):
        sprague.table("euclid", field="atomic_wieght")
    with pytest.raises(ValueError, match="not a row length"):
        sprague.table("kayles", 20, layout=0)
    with pytest.raises(ValueError, match="lays out a sequence"):
        sprague.table("euclid", "5x5", field="value", layout=3)


def test_layout_holds_what_analyze_gives_k_to_a_row():
    t = sprague.table("subtraction[1,3|2,3]", 9, field="temperature", layout=4)
    rows = t["layout"]["rows"]
    assert [r["n"] for r in rows] == [0, 4, 8]
    for r in rows:
        for i, v in enumerate(r["values"]):
            assert v == sprague.analyze(f"subtraction[1,3|2,3]({r['n'] + i})")["cgt"]["temperature"]
    # The method lays out the same values, as pairs.
    assert t.layout(4) == [(r["n"], r["values"]) for r in rows]
    plain = sprague.table("kayles", 25)
    laid = plain.layout(12)
    assert [n for n, _ in laid] == [0, 12, 24]
    for n, row in laid:
        for i, v in enumerate(row):
            assert v == sprague.analyze(f"kayles({n + i})")["grundy"]


def test_layout_by_the_period():
    # Dawson's Kayles: period 34, certified by the engine's search.
    t = sprague.table("octal[0.07]", period=True)
    laid = t.layout("period")
    assert [n for n, _ in laid][:3] == [0, 34, 68]
    assert laid[1][1][:5] == [sprague.analyze(f"octal[0.07]({n})")["grundy"] for n in range(34, 39)]
    # Partizan Euclid's row 10: period 10, a saltus for each place.
    row = sprague.table("euclid", "10x100", "10x1", field="atomic_weight", layout="period")
    assert row["layout"]["k"] == 10 and row["period"]["certified"] is False
    assert row["period"]["saltus_by_place"] is not None
    assert row.layout("period", field="atomic_weight")[2] == (
        21,
        [sprague.analyze(f"euclid(10, {q})")["cgt"]["atomic_weight"] for q in range(21, 31)],
    )


def test_the_table_is_a_dict_that_json_serialises_as_the_cli_prints():
    t = sprague.table("euclid", "3x3", field=["value", "atomic_weight"])
    assert json.loads(json.dumps(t)) == dict(t)
    assert list(t)[:3] == ["ruleset", "from", "to"]
