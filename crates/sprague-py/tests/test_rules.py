"""Rulesets given by a rule reach Python through the position language."""

import pytest

import sprague


def test_a_heap_rule_is_the_python_function_it_writes():
    # Take a square number of tokens, as a rule and as a Python function.
    def squares(h):
        return [h - a * a for a in range(1, h + 1) if a * a <= h]

    rule = "heap_rule[n - a*a for a in 1..n if a*a <= n]"
    assert sprague.table(rule, to=60)["values"] == sprague.grundy_table(squares, 60)
    # CGSuite's GameHeapTest.scala (commit e909ab8b): FibonacciNim((10, n))
    # for n from 0 to 20 is 0, 2, 2, 2, 5, 5, ...
    assert [sprague.analyze(f"gen_mem[a <= 2*k](10, {k})")["grundy"] for k in range(6)] == [
        0, 2, 2, 2, 5, 5,
    ]
    with pytest.raises(ValueError) as e:
        sprague.analyze("gen_mem[a = k](10)")
    assert e.value.span == (10, 11)
