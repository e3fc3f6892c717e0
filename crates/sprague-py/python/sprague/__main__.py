"""``python -m sprague survey PATTERN ...``: see ``sprague.survey.main``."""

import sys

from .survey import main

USAGE = "usage: python -m sprague survey PATTERN [--max-heaps N] [--time-limit SECONDS] [--threads N] [--engine local|dask] [--scheduler ADDRESS] [--out FILE] [--certificates DIR] [--table FILE.md]"

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] != "survey":
        print(USAGE, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[2:]))
