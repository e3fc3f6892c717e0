"""Exact solvers for combinatorial games.

``analyze``, ``compare`` and ``table`` answer what the ``sprague`` command answers, as the
dicts of its ``--json``. ``grundy_table``, ``grundy``, ``canonical`` and
``solve`` value games whose rules are Python functions: each position's moves
are asked for once, and the values are computed in Rust by the same solvers as
the command's. ``nim_product`` and ``nim_power`` are Conway's nim
multiplication in GF(2^64). ``quotient`` gives the misère quotient of a take-and-break game. ``survey``
searches the periods of many octal games at once, on
this machine's cores or on a Dask cluster (docs/distributed.md).

In a notebook the answers show themselves (``display``, ``table``): an
analysis as its value, outcome, winning moves, thermograph and game tree, a
value in CGSuite's notation, a table as a grid.
"""

from . import _sprague
from ._sprague import (
    MAX_VALUE_VERTICES,
    __version__,
    compare,
    grundy,
    grundy_table,
    nim_power,
    nim_product,
    quotient,
    solve,
    survey_game,
)
from .display import Analysis, GameTree, Picture, Value, thermograph
from .survey import survey
from .table import Table


def analyze(position, misere=False, all=False):
    return Analysis(_sprague.analyze(position, misere, all))


analyze.__doc__ = _sprague.analyze.__doc__ + """

The dict is an ``Analysis``, which a notebook shows as the value, the
outcome, the winning moves, the thermograph drawn and the value's game
tree; ``.thermograph()`` and ``.tree()`` give the last two.
"""


def table(*args, **kwargs):
    return Table(_sprague.table(*args, **kwargs))


table.__doc__ = _sprague.table.__doc__ + """

The dict is a ``Table``: ``.layout(k)`` lays a row out ``k`` to a line, a
notebook shows it as a grid, and ``.to_pandas()`` gives a pandas DataFrame
(the extra ``sprague[pandas]``).
"""


def canonical(left, right, start, figures=False):
    answer = _sprague.canonical(left, right, start, figures)
    return Value(answer) if isinstance(answer, str) else answer


canonical.__doc__ = _sprague.canonical.__doc__ + """

The value is a ``Value``: a ``str``, shown by a notebook in CGSuite's
notation.
"""


def value(position):
    """The value of ``position`` (written as on the command line:
    ``"{1|*} + ^"``, ``"domineering(\\"..|..\\")"``, ``"nim(3, 6, 9)"``) as
    a ``Value``: ``analyze(position)["value"]``, a ``str`` shown by a
    notebook in CGSuite's notation, whose ``tree()`` is its game tree.
    ``ValueError`` for a position that does not parse or whose value is too
    long to write."""
    answer = _sprague.analyze(position, False, False)["value"]
    if answer is None:
        raise ValueError(f"the value of {position} is too long to write")
    return Value(answer)


__all__ = [
    "MAX_VALUE_VERTICES",
    "Analysis",
    "GameTree",
    "Picture",
    "Table",
    "Value",
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
    "thermograph",
    "value",
]
