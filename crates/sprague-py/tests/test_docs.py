"""Runs every Python example of docs/python.md, docs/distributed.md and
the README, so they cannot rot."""

import re

import pytest

from conftest import REPO

PAGES = [REPO / "docs" / "python.md", REPO / "README.md", REPO / "docs" / "distributed.md"]
EXAMPLES = [
    (page, code)
    for page in PAGES
    for code in re.findall(r"```python\n(.*?)```", page.read_text(), re.S)
]


def test_the_page_has_its_examples():
    assert len(EXAMPLES) >= 7


@pytest.mark.parametrize(
    "page, code", EXAMPLES, ids=[f"{page.name}-{i}" for i, (page, _) in enumerate(EXAMPLES)]
)
def test_example(page, code):
    exec(compile(code, str(page), "exec"), {})
