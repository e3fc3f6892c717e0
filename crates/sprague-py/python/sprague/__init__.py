"""Exact solvers for combinatorial games.

``analyze``, ``compare`` and ``table`` answer what the ``sprague`` command answers, as the
dicts of its ``--json``. ``grundy_table``, ``grundy``, ``canonical`` and
``solve`` value games whose rules are Python functions: each position's moves
are asked for once, and the values are computed in Rust by the same solvers as
the command's. ``quotient`` gives the misère quotient of a take-and-break game. ``survey``
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
    quotient,
    solve,
    survey_game,
)
from ._sprague import table as _table
from .survey import survey
from .table import Table


def table(*args, **kwargs):
    """The dict of ``sprague table --json`` as a :class:`Table` (a ``dict``
    with :meth:`Table.layout`); the arguments are the extension's
    ``table``'s (its documentation follows)."""
    return Table(_table(*args, **kwargs))


table.__doc__ = (table.__doc__ or "") + "\n" + (_table.__doc__ or "")

__all__ = [
    "MAX_VALUE_VERTICES",
    "analyze",
    "canonical",
    "compare",
    "grundy",
    "grundy_table",
    "quotient",
    "solve",
    "survey",
    "survey_game",
    "table",
    "Table",
]
