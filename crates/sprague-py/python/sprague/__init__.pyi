"""Exact solvers for combinatorial games.

``analyze`` and ``table`` answer what the ``sprague`` command answers, as the
dicts of its ``--json``. ``grundy_table``, ``grundy``, ``canonical`` and
``solve`` value games whose rules are Python functions: each position's moves
are asked for once, and the values are computed in Rust by the same solvers as
the command's.
"""

from typing import Any, Callable, Dict, Hashable, Iterable, List, Literal, Optional, Tuple, TypedDict, Union, overload

__version__: str

MAX_VALUE_VERTICES: int
"""The most positions one strongly connected component (positions each
reachable from the other) of a loopy partizan game may have for its value
to be computed (``analyze`` leaves it out beyond, ``canonical`` raises
``ValueError``); the whole game is bounded by the budget only."""

class Move(TypedDict):
    component: int
    description: str
    to: str

class _ComponentRequired(TypedDict):
    position: str

class Component(_ComponentRequired, total=False):
    """One component of the sum, with its own values where computed."""
    grundy: int
    value: str

class Cgt(TypedDict):
    """What CGSuite reports beside a partizan value (numbers as text)."""
    left_stop: str
    right_stop: str
    mean: str
    temperature: str
    birthday: int
    atomic_weight: Optional[str]
    """``None`` unless the game is all-small."""
    reduced: Optional[str]
    """The reduced canonical form (``None`` only when too long to give)."""
    thermograph: str
    """The generalised thermograph in CGSuite's text."""

class _AnalysisRequired(TypedDict):
    position: str
    play: str
    outcome: str
    first_player_wins: Optional[bool]
    grundy: Optional[int]
    value: Optional[str]
    remoteness: Optional[int]
    """Moves to the end with best play (the winner hurries, the loser
    delays); ``None`` for a draw or a position too large to search."""
    components: List[Component]
    winning_moves: List[Move]
    drawing_moves: List[Move]

class AnalysisDict(_AnalysisRequired, total=False):
    """The keys of an ``Analysis``: the JSON of ``sprague analyze``."""
    cgt: Cgt
    """Present for a partizan position under normal play."""

class Value(str):
    """A canonical value as the library writes it (``"^*"``, ``"{1|*}"``): a
    ``str``, shown by a notebook in CGSuite's notation."""
    def _repr_html_(self) -> str: ...
    def tree(self, depth: int = 3, max_nodes: int = 60) -> "GameTree":
        """Its canonical form's options ``depth`` levels down (at most 8),
        at most ``max_nodes`` nodes (at most 1000); ``ValueError`` for a
        loopy value."""

class Picture:
    """A drawing of the library's (``sprague::picture``) as SVG text."""
    svg: str
    def __init__(self, svg: str) -> None: ...
    def _repr_svg_(self) -> str: ...

class GameTree:
    """The first levels of a canonical form's game tree, breadth first."""
    position: str
    nodes: List[Tuple[Optional[str], Optional[int], str, int, int]]
    """``(value, parent, side, left_count, right_count)``, the root first:
    the value as text (``None`` past 200 characters), its parent's index,
    ``"L"`` or ``"R"`` (``""`` for the root), and how many options each
    player has in all (those shown are the nodes whose parent it is)."""
    def __init__(self, position: str, depth: int = 3, max_nodes: int = 60) -> None: ...
    def children(self) -> List[List[int]]: ...
    def svg(self) -> str:
        """The tree drawn: Left's options on blue edges, Right's on red."""
    def _repr_svg_(self) -> str: ...

class Analysis(Dict[str, Any]):
    """The dict of ``analyze`` (keys as ``AnalysisDict``), shown by a
    notebook as its value, outcome, moves, figures, thermograph and tree."""
    def thermograph(self) -> Optional[Picture]: ...
    def tree(self, depth: int = 3, max_nodes: int = 60) -> GameTree: ...
    def _repr_html_(self) -> str: ...

def value(position: str) -> Value:
    """``analyze(position)["value"]`` as a ``Value``; ``ValueError`` for a
    bad position or a value too long to write."""

def thermograph(text: str) -> Optional[Picture]:
    """The thermograph of CGSuite's text (``cgt["thermograph"]``) drawn as
    ``sprague analyze --plot`` draws it; ``None`` where it cannot be."""

class Period(TypedDict):
    preperiod: int
    period: int
    certified: bool
    certified_at: int
    saltus: int
    """``G(n + period) = G(n) + saltus`` past the preperiod; 0 for a plain period."""

# ``from`` is a keyword, so the table's dict is declared functionally.
SequenceTable = TypedDict(
    "SequenceTable",
    {"ruleset": str, "from": int, "to": int, "values": List[int], "period": Optional[Period]},
)

class Solution(TypedDict):
    outcome: str
    remoteness: Optional[int]

HeapOption = Union[int, Tuple[int, ...], List[int]]
"""An option of a heap: the heap left, or the heaps it splits into."""

Option_ = Union[Hashable, List[Hashable]]
"""An option of a position: a position, or a list of positions (their sum)."""

def analyze(position: str, misere: bool = False, all: bool = False) -> Analysis:
    """Who wins ``position`` (written as on the command line, e.g.
    ``"nim(3, 6, 9) + kayles(10)"``), with which moves, and its value: the
    dict of ``sprague analyze --json``.

    ``misere=True`` asks for misère play; ``all=True`` lists every winning
    move, not only the first. A position that does not parse raises
    ``ValueError`` with the CLI's message and the attribute ``span``, the
    ``(start, end)`` byte range of the mistake.
    """

Comparison = TypedDict("Comparison", {"left": str, "right": str, "relation": str, "difference": str})

def compare(g: str, h: str) -> Comparison:
    """How the game ``g`` compares with the game ``h`` (positions, as on the
    command line): the dict of ``sprague compare G H --json``, ``relation``
    one of ``"="``, ``">"``, ``"<"``, ``"||"`` and ``difference`` the outcome
    class of ``G - H``. A game that does not parse raises ``ValueError`` with
    ``span`` and ``text``.
    """

MisereTable = TypedDict(
    "MisereTable",
    {
        "ruleset": str,
        "from": int,
        "to": int,
        "values": List[int],
        "genus": List[str],
        "period": Optional[Period],
    },
)

_GridTableRequired = TypedDict(
    "_GridTableRequired",
    {
        "ruleset": str,
        "from": List[int],
        "to": List[int],
        "rows": int,
        "cols": int,
        "values": Union[List[List[int]], List[List[str]]],
    },
)

class Table(Dict[str, Any]):
    """What ``table`` returns: the dict of ``sprague table --json`` (a
    ``SequenceTable``, ``MisereTable``, ``GridTable``, or with ``field``,
    ``where`` or ``layout`` the table of figures of docs/table.md), with
    :meth:`layout`, shown by a notebook as a grid."""
    def layout(
        self, k: Union[int, str], field: Optional[str] = None
    ) -> List[Tuple[int, List[Any]]]:
        """The sequence laid out ``k`` to a row (CGSuite's
        ``PeriodicTable(k)``): ``(n, row)`` pairs, each row led by its first
        ``n``; ``k="period"`` by the period found (``period=True``)."""
    def is_grid(self) -> bool: ...
    def columns(self) -> Dict[str, List[Any]]: ...
    def to_pandas(self) -> Any:
        """A pandas DataFrame; ``ImportError`` without pandas (the extra
        ``sprague[pandas]``)."""
    def _repr_html_(self) -> str: ...

class GridTable(_GridTableRequired, total=False):
    """A table of a game of two numbers: ``values[i][j]`` is the value of
    ``NAME(from[0] + i, from[1] + j)``, a Grundy value, or a canonical form
    for a partizan game, whose ``outcomes`` give each cell's class."""
    outcomes: List[List[str]]

def table(
    ruleset: str,
    to: Union[int, str, Tuple[int, int], None] = None,
    frm: Union[int, str, Tuple[int, int]] = 0,
    period: bool = False,
    misere: bool = False,
    *,
    from_: Optional[int] = None,
    field: Union[str, List[str], None] = None,
    where: Optional[str] = None,
    layout: Union[int, str, None] = None,
) -> Table:
    """The Grundy values ``G(frm..=to)`` of a built-in one-heap family (e.g.
    ``"subtraction[1,3,4]"``, ``"octal[0.77]"``): the dict of ``sprague table
    --json``. The first heap may also be given as ``from_`` (the command's
    ``--from``; ``from`` itself is a Python keyword).

    Without ``to`` the table ends at heap 100, or with ``period=True`` two
    periods past the preperiod. ``period=True`` finds the least preperiod and
    period and says whether a theorem certifies them. ``misere=True`` gives
    the dict of ``sprague table --misere --json``: ``values`` are the misère
    Grundy values ``G⁻(n)``, ``genus`` each heap's genus symbol, and a period
    is only observed, never certified. A ruleset that does not parse raises
    ``ValueError`` with ``span``.

    For a game of two interacting numbers (``"wythoff"``, ``"maundy"``,
    ``"euclid"``, ``"cut"``), ``to`` and ``frm`` are cells, ``"20x20"`` or
    ``(20, 20)``, and the dict is that of ``sprague table NAME --to 20x20
    --json`` (a ``GridTable``); without ``to``, ``20x20``.

    ``field`` (a name, names joined by commas, or a list: any figure of
    ``analyze``'s dict, ``"atomic_weight"``, ``"atomic_weight.temperature"``),
    ``where`` (``"temperature > 0 and outcome == N"``) and ``layout`` (a row
    length or ``"period"``) give the table of figures of ``sprague table
    --field ... --json`` (docs/table.md); so does a partizan heap game.
    """

def quotient(ruleset: str, heaps: Optional[int] = None) -> Dict[str, Any]:
    """The misère quotient (Plambeck and Siegel) of a take-and-break game
    (``"octal[0.75]"``, ``"kayles"``, ...) restricted to heaps ``0..=heaps``:
    the dict of ``sprague quotient --json`` (``ruleset``, ``heaps``,
    ``order``, ``tame``, ``generators``, ``relations``, ``elements``,
    ``product``, ``p_portion``, ``heap_elements``, ``stable``,
    ``stable_from``). Without ``heaps`` it is taken until it is proved for
    every heap size, heap 1000, or the budget. A bad ruleset raises
    ``ValueError``.
    """

def grundy_table(moves: Callable[[int], Iterable[HeapOption]], n: int) -> List[int]:
    """The Grundy values ``[G(0), ..., G(n)]`` of a one-heap family defined in
    Python. ``moves(h)`` returns the options of a heap of ``h``: each an
    ``int`` (the heap left) or a ``tuple`` (or ``list``) of ints (the heaps
    it splits into; ``()`` is a finished game).

    ``moves`` is called once for each heap (and once for any larger heap a
    move leads to); the values are computed in Rust. An exception raised by
    ``moves`` propagates; an option of the wrong type raises ``TypeError``
    naming the heap; a heap that can be reached from itself raises
    ``ValueError``.
    """

def grundy(moves: Callable[[Any], Iterable[Option_]], start: Hashable) -> int:
    """The Grundy value of ``start`` in the impartial game whose options
    ``moves(p)`` lists. A position is any hashable value; an option that is a
    ``list`` of positions is their sum (``[]`` is a finished game).

    ``moves`` is called once for each position reachable from ``start``; the
    value is computed in Rust by the library's mex solver. Exceptions of
    ``moves`` propagate; a bad return value or an unhashable option raises
    ``TypeError`` naming the position; a loop raises ``ValueError``.
    """

class LoopyStops(TypedDict):
    """The stops of a loopy stopper: numbers, ``"on"``, ``"off"``,
    ``"1over"``, ``"under"``..."""
    left_stop: str
    right_stop: str

class CanonicalFigures(TypedDict):
    value: Optional[str]
    outcome: str
    """``L``, ``R``, ``N``, ``P``; for a loopy game also ``D``, ``PHat``,
    ``PCheck``, ``NHat``, ``NCheck`` (a draw from one start or both)."""
    cgt: Union[Cgt, LoopyStops, None]
    """For a loopy game only its stops, and ``None`` for a sided value."""

@overload
def canonical(
    left: Callable[[Any], Iterable[Option_]],
    right: Callable[[Any], Iterable[Option_]],
    start: Hashable,
    figures: Literal[False] = False,
) -> Value: ...
@overload
def canonical(
    left: Callable[[Any], Iterable[Option_]],
    right: Callable[[Any], Iterable[Option_]],
    start: Hashable,
    figures: Literal[True],
) -> CanonicalFigures:
    """The canonical value of ``start`` in the partizan game whose options for
    Left and Right ``left(p)`` and ``right(p)`` list, in the notation of
    ``sprague analyze``: ``"0"``, ``"3/8"``, ``"-2"``, ``"*"``, ``"^"``,
    ``"{1|0}"``. An option that is a ``list`` of positions is their sum.
    ``figures=True`` gives a dict: ``value``, ``outcome`` and ``cgt`` (the
    stops, mean, temperature, birthday, atomic weight, reduced form and
    thermograph of ``analyze --json``). Errors as for ``grundy``.

    A game in which a position can come back is a loopy game, valued by the
    theory of loopy games as ``analyze`` values one: a stopper's simplest
    form (``"on"``, ``"over"``) or ``"onside & offside"`` (``"dud"``). Its
    options must be single positions and it may have at most
    ``MAX_VALUE_VERTICES`` positions in one strongly connected component,
    else ``ValueError``; with
    ``figures=True`` its outcome may be a draw and ``cgt`` holds only the
    stops of a stopper (``None`` for a sided value).
    """

def nim_product(a: int, b: int) -> int:
    """The nim product of ``a`` and ``b`` (``0 <= a, b < 2**64``), in the
    field GF(2^64): ``nim_product(4, 4) == 6``, CGSuite's ``NimProduct``."""

def nim_power(a: int, n: int) -> int:
    """``a`` nim-multiplied by itself ``n`` times: ``nim_power(2, 3) == 1``."""

def solve(moves: Callable[[Any], Iterable[Hashable]], start: Hashable) -> Solution:
    """Who wins ``start`` in an impartial game whose positions may repeat:
    ``{"outcome": "N" | "P" | "D", "remoteness": int | None}`` (``None`` for
    a draw), by the library's retrograde analysis. ``moves(p)`` lists the
    positions one move away (sums are not supported here). Errors as for
    ``grundy``.
    """

def survey_game(
    code: str,
    max_heaps: int = 2**24,
    time_limit: Optional[float] = None,
    certificate: Optional[str] = None,
) -> Dict[str, Any]:
    """The period search of the octal game ``code`` (``"0.137"``) on the
    calling thread alone, through heap ``max_heaps - 1`` and for
    ``time_limit`` seconds at most, and a summary of what it found: ``code``,
    ``ruleset``, ``period`` (as ``table(..., period=True)``'s, or ``None``),
    ``stopped`` (``"proved"``, ``"unprovable"``, ``"no theorem"``,
    ``"max heaps"``, ``"time limit"``, ``"memory"``), ``heaps``, ``from``,
    ``to``, ``largest``, ``largest_at``, ``crc32``, ``rare``,
    ``certificate`` (for a proved plain period: ``bound``, ``crc32`` of the
    values a certificate holds, and ``file`` when one was written; else
    ``None``), ``seconds``. ``certificate``: a path to write the proved
    period's certificate to (docs/certificates.md).
    A bad code raises ``ValueError``; an unwritable certificate ``OSError``.
    """

def survey(
    codes: Union[str, List[str]],
    max_heaps: int = 2**24,
    time_limit: Optional[float] = None,
    threads: int = 1,
    engine: str = "local",
    address: Optional[str] = None,
    out: Optional[str] = None,
    certificates: Optional[str] = None,
) -> List[Dict[str, Any]]:
    """The period of every octal game of ``codes`` (a list, or a pattern such
    as ``"0.ddd"``, ``"4.dd"``, ``"0.hh"``), each searched on one thread as
    ``survey_game`` does, in parallel: ``threads`` processes
    (``engine="local"``) or a Dask cluster (``engine="dask"``: a local one of
    ``threads`` workers, or the scheduler at ``address``). One dict per code,
    in order; a code whose values are another's shifted has
    ``equivalent_to`` and ``offset`` instead of being computed; a code whose
    search failed has ``error``. ``out``: a JSON-lines file each result is
    appended to as it arrives, read back to skip the codes already done.
    ``certificates``: a directory that receives ``CODE.cert`` for each
    proved plain period of an octal code (a code read back from ``out``
    without its file is computed again).
    """
