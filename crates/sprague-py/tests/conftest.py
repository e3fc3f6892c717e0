"""Shared helpers of the Python module's tests."""

import pathlib

REPO = pathlib.Path(__file__).resolve().parents[3]


def published(name):
    """The values of a published sequence from the library's data files
    (each names its source): a list of ints."""
    text = (REPO / "crates/sprague/tests/data/octal" / name).read_text()
    for line in text.splitlines():
        if line.startswith("values:"):
            return [int(v) for v in line[len("values:"):].split(",")]
    raise ValueError(f"{name} has no values line")
