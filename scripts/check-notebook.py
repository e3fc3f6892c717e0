#!/usr/bin/env python3
"""Runs the example notebook and checks what each cell shows.

  python scripts/check-notebook.py [NOTEBOOK] [--output EXECUTED.ipynb]

Executes NOTEBOOK (by default examples/notebooks/sprague-tour.ipynb) with
nbclient in a fresh kernel of this interpreter (which must have the
`sprague` module, pandas, nbclient and ipykernel), every cell within
CELL_TIMEOUT seconds; then checks that no cell failed, that every code cell
but the import showed something, and that each cell listed in EXPECTED
shows what is expected of it, in the output format named (`text/html`,
`image/svg+xml`, `text/plain`). The expected texts are worked out by hand
or taken from the literature, as the comments say, not copied from a run.
`--output` writes the executed notebook (with its outputs) to look at.
Exit status 0 if every check passed, 1 otherwise.
"""

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

REPO = Path(__file__).resolve().parent.parent
NOTEBOOK = REPO / "examples" / "notebooks" / "sprague-tour.ipynb"
CELL_TIMEOUT = 60

# For each cell id: (output format, texts the output must hold).
EXPECTED = {
    # 3 xor 5 xor 7 = 1: *1 is written `*`, a first-player win; the first
    # winning move in the SPEC's order takes 1 from the heap of 3 (2, 5, 7
    # xor to 0). The thermograph of a nimber is drawn, and its tree.
    "nim": ("text/html", [
        "<code>nim(3, 5, 7)</code>", ">*</span>", "<b>N</b>",
        "take 1 from the heap of 3", "nim(2, 5, 7)", "<svg", 'class="game-tree"',
    ]),
    # Dawson's Kayles: period 34 from heap 53 (Winning Ways, ch. 16; Guy
    # and Smith 1956), so a row of 34 cells; G(0..6) = 0, 0, 1, 1, 2, 0, 3.
    "grundy-table": ("text/html", [
        "preperiod 53, period 34", "(certified)", "+33</th>", 'title="n = 6">3<',
    ]),
    # {3|{1|-1}} = {3|±1} ({1|-1} is the switch ±1): stops 3 and 1, mean
    # and temperature 3/2 (worked out in the notebook's text); the
    # thermograph's mast carries them.
    "partizan": ("text/html", [
        'title="{3|±1}"', "<svg", 'data-value="3/2" data-temperature="3/2"',
        'class="game-tree"',
    ]),
    "thermograph": ("image/svg+xml", [
        "<svg", 'class="left-wall"', 'class="right-wall"',
        'data-value="3/2" data-temperature="3/2"',
    ]),
    # ^ + ^ + * = ^^*, written ⇑* in CGSuite's notation.
    "value": ("text/html", ['title="^^*"', ">⇑*</span>"]),
    # The 2 x 2 Domineering board is {1 | -1} = ±1, 1 = {0|}, -1 = {|0}.
    "tree": ("image/svg+xml", [
        'class="game-tree"', "<title>±1</title>", "<title>1</title>", "<title>-1</title>",
        "<title>0</title>", 'class="left-option"', 'class="right-option"',
    ]),
    # Wythoff row 3 is 3, 4, 5, 6, 2, 0, ... (OEIS A004481); (3, 5) is a
    # P-position (floor(2 phi), floor(2 phi^2)).
    "wythoff": ("text/html", ['title="(3, 5): 0"', 'title="(3, 4): 2"']),
    # Partizan Euclid is coloured by outcome class: its grid has a legend.
    "euclid": ("text/html", ["outcome classes", 'title="(1, 3): ^, outcome L"']),
    "dataframe": ("text/html", ["<table", "dataframe"]),
    # The P-positions of Wythoff's game up to 9: (0,0), (1,2), (3,5), (4,7),
    # (6,10) is past 9, and the mirrors.
    "zeros": ("text/plain", [
        "[(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)]",
    ]),
}


def shown(cell, kind):
    """The text of the cell's outputs in format `kind`, joined."""
    texts = []
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        if kind in data:
            value = data[kind]
            texts.append(value if isinstance(value, str) else "".join(value))
    return "\n".join(texts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", nargs="?", default=str(NOTEBOOK))
    parser.add_argument("--output")
    args = parser.parse_args()
    nb = nbformat.read(args.notebook, as_version=4)
    started = time.monotonic()
    client = NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                            resources={"metadata": {"path": str(REPO)}})
    failures = []
    try:
        client.execute()
    except CellExecutionError as e:
        failures.append(f"a cell failed:\n{e}")
    seconds = time.monotonic() - started
    if args.output:
        nbformat.write(nb, args.output)
    cells = {cell.get("id"): cell for cell in nb.cells if cell.cell_type == "code"}
    for cell_id, cell in cells.items():
        if cell_id != "import" and not cell.get("outputs"):
            failures.append(f"cell {cell_id} showed nothing")
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error" or out.get("name") == "stderr":
                failures.append(f"cell {cell_id} wrote an error: {out}")
    for cell_id, (kind, texts) in EXPECTED.items():
        if cell_id not in cells:
            failures.append(f"no cell {cell_id} in {args.notebook}")
            continue
        output = shown(cells[cell_id], kind)
        if not output:
            failures.append(f"cell {cell_id} showed no {kind}")
        for text in texts:
            if text not in output:
                failures.append(f"cell {cell_id}: {text!r} is not in its {kind}")
    for failure in failures:
        print(f"FAILED {failure}", file=sys.stderr)
    checks = sum(len(t) for _, t in EXPECTED.values())
    print(f"{args.notebook}: {len(cells)} code cells run in {seconds:.1f} s; "
          f"{checks} expected texts checked, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
