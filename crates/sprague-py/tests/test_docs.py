"""Runs every Python example of docs/python.md, so the page cannot rot."""

import re

import pytest

from conftest import REPO

PAGE = REPO / "docs" / "python.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(), re.S)


def test_the_page_has_its_examples():
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("code", EXAMPLES, ids=[f"example{i}" for i in range(len(EXAMPLES))])
def test_example(code):
    exec(compile(code, str(PAGE), "exec"), {})
