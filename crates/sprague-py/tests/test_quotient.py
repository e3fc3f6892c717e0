"""`quotient`: the CLI's `quotient --json` as a dict."""

import itertools

import pytest

import sprague


def test_quotient_of_0_75_is_r8_and_predicts_small_sums():
    q = sprague.quotient("octal[0.75]", heaps=20)
    assert q["ruleset"] == "octal[0.75]" and q["heaps"] == 20
    # Plambeck and Siegel: 0.75's quotient R_8 has 8 elements, 2 of them P.
    assert q["order"] == 8 and len(q["p_portion"]) == 2
    assert q["elements"][0] == "1" and not q["tame"]
    # A sum is lost exactly when the product of its heaps' elements is in
    # the P-portion: checked against analyze's misère search.
    for heaps in itertools.combinations_with_replacement(range(1, 8), 2):
        x = 0
        for h in heaps:
            x = q["product"][x][q["heap_elements"][h]]
        position = "octal[0.75](%s) + nim(0)" % ", ".join(map(str, heaps))
        outcome = sprague.analyze(position, misere=True)["outcome"]
        assert (outcome == "P") == (x in q["p_portion"]), heaps


def test_quotient_without_heaps_proves_stability():
    q = sprague.quotient("octal[0.75]")
    assert q["stable"] and q["stable_from"] <= q["heaps"]


def test_quotient_rejects_other_rulesets():
    with pytest.raises(ValueError, match="take-and-break"):
        sprague.quotient("nim")
    with pytest.raises(ValueError) as e:
        sprague.quotient("nosuch")
    assert e.value.span == (0, 6)


def test_misere_table_gives_values_and_genera():
    t = sprague.table("kayles", to=11, misere=True)
    assert t["ruleset"] == "kayles" and t["from"] == 0 and t["to"] == 11
    # Winning Ways, ch. 13 (misère Kayles), as CGSuite writes the genera.
    assert t["values"] == [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4]
    assert t["genus"][5] == "4^146" and t["genus"][9] == "4^046"
    assert t["period"] is None
    # G⁻ = 1, 0, 2, 1, 0, 2, ... for subtraction {1, 2}: observed only.
    t = sprague.table("subtraction[1,2]", to=30, misere=True, period=True)
    assert t["period"]["period"] == 3 and not t["period"]["certified"]
