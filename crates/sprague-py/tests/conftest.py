"""Shared helpers of the Python module's tests."""

import os
import pathlib
import shutil
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[3]


def published(name):
    """The values of a published sequence from the library's data files
    (each names its source): a list of ints."""
    text = (REPO / "crates/sprague/tests/data/octal" / name).read_text()
    for line in text.splitlines():
        if line.startswith("values:"):
            return [int(v) for v in line[len("values:"):].split(",")]
    raise ValueError(f"{name} has no values line")


def sprague_binary():
    """The `sprague` command: on PATH, else the workspace's release build
    (in `CARGO_TARGET_DIR` when it is set), made here if missing, saying so
    on the terminal: cargo is needed to install the module anyway, but the
    build takes minutes the first time."""
    on_path = shutil.which("sprague")
    if on_path:
        return on_path
    root = pathlib.Path(__file__).resolve().parents[3]
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", root / "target"))
    if not target.is_absolute():
        target = root / target
    built = target / "release" / "sprague"
    if not built.exists():
        sys.__stderr__.write(
            f"\nno `sprague` on PATH or at {built}: building it for the tests that "
            "compare with the command (cargo build --release -p sprague-cli; "
            "a few minutes the first time)\n"
        )
        sys.__stderr__.flush()
        subprocess.run(
            ["cargo", "build", "--release", "-p", "sprague-cli"], cwd=root, check=True
        )
    return str(built)
