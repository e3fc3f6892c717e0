"""Exact solvers for combinatorial games.

``analyze``, ``compare`` and ``table`` answer what the ``sprague`` command answers, as the
dicts of its ``--json``. ``grundy_table``, ``grundy``, ``canonical`` and
``solve`` value games whose rules are Python functions: each position's moves
are asked for once, and the values are computed in Rust by the same solvers as
the command's. ``nim_product`` and ``nim_power`` are Conway's nim
multiplication in GF(2^64). ``quotient`` gives the misère quotient of a take-and-break game. ``survey``
searches the periods of many octal games at once, on
this machine's cores or on a Dask cluster (docs/distributed.md).
"""

from ._sprague import (
    MAX_VALUE_VERTICES,
    __version__,
    analyze,
    canonical,
    compare,
    grundy,
    grundy_table,
    nim_power,
    nim_product,
    quotient,
    solve,
    survey_game,
    table,
)
from .survey import survey

__all__ = [
    "MAX_VALUE_VERTICES",
    "analyze",
    "canonical",
    "compare",
    "grundy",
    "grundy_table",
    "nim_power",
    "nim_product",
    "quotient",
    "solve",
    "survey",
    "survey_game",
    "table",
]
