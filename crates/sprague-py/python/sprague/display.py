"""How the module's answers show themselves in a notebook.

Jupyter shows an object by its ``_repr_html_`` (or ``_repr_svg_``) where it
has one. ``Value`` is a ``str`` (a canonical value as the library writes
it) shown in CGSuite's notation; ``Analysis`` is the dict of ``analyze``
shown as its value, outcome, winning moves, thermograph and game tree;
``Picture`` is an SVG drawing; ``GameTree`` is the first levels of a
canonical form's options, drawn. The drawings are made in Rust with the
library's ``sprague::picture`` (the thermograph as ``sprague analyze
--plot`` draws it) and the trees are read off its canonical forms; this
module only writes HTML around them and never values a game itself.
"""

import html
import re

from . import _sprague

# The colours of the library's pictures (sprague::picture::colours).
BLUE = "#2956b2"
RED = "#c0392b"
INK = "#1d2330"
MUTED = "#6b7280"

# The longest value written out in HTML: a canonical form's text can be
# megabytes, which a notebook page cannot hold.
MAX_SHOWN = 2000

# The depth and size of the game tree an analysis shows.
TREE_DEPTH = 3
TREE_NODES = 40

OUTCOMES = {
    "N": "the player to move wins",
    "P": "the player to move loses",
    "L": "Left wins, whoever starts",
    "R": "Right wins, whoever starts",
    "D": "a draw with best play",
    "PHat": "Left, moving second, wins; otherwise a draw",
    "PCheck": "Right, moving second, wins; otherwise a draw",
    "NHat": "Left wins moving first; otherwise a draw",
    "NCheck": "Right wins moving first; otherwise a draw",
}

# A value's text in tokens: an arrow run (`^`, `^^`, `v`, `vv`: a run of
# letters that is all `v`s is arrows, any other run is a word such as
# `over`), a fraction, a number, a word, `Tiny(`/`Miny(`, or one character.
_TOKEN = re.compile(
    r"(?P<arrows>\^+|(?<![A-Za-z])v+(?![A-Za-z]))"
    r"|(?P<fraction>\d+/\d+)"
    r"|(?P<tinyminy>(?<![A-Za-z])(?:Tiny|Miny|tiny|miny)\()"
    r"|(?P<word>[A-Za-z]+|\d+)"
    r"|(?P<other>.)",
    re.S,
)


def value_html(text):
    """A value's text (``^^*``, ``{1|v3}``, ``3/8``, ``Tiny(2)``) as HTML in
    CGSuite's notation (its ``StyledTextOutput``): ``↑`` and ``↓`` for
    ``^`` and ``v``, ``⇑`` and ``⇓`` for two; an up-nth or up-sum index
    raised (``↑`` with ``2`` or ``[2]`` above, ``↓`` with it below, the
    angle brackets of ``^<2>`` dropped); a fraction's numerator raised and
    its denominator lowered; ``Tiny(G)`` as ``+`` with ``G`` below and
    ``Miny(G)`` as ``−`` with ``G`` below. Anything else is kept as written.
    Read left to right once, with a stack for the parentheses, so no text
    is too deep for it."""
    out = []
    closers = []  # for each open parenthesis, what its `)` writes
    pending_index = None  # "sup" or "sub": an arrow's index follows
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        pos = m.end()
        kind, token = m.lastgroup, m.group()
        if pending_index and token in "<[":
            tag = pending_index
            close = ">" if token == "<" else "]"
            end = text.find(close, pos)
            if end >= 0:
                inner = html.escape(text[pos:end])
                shown = inner if token == "<" else f"[{inner}]"
                out.append(f"<{tag}>{shown}</{tag}>")
                pos = end + 1
                pending_index = None
                continue
        pending_index = None
        if kind == "arrows":
            up = token[0] == "^"
            if len(token) == 2:
                out.append("⇑" if up else "⇓")
            else:
                out.append(("↑" if up else "↓") * len(token))
            pending_index = "sup" if up else "sub"
        elif kind == "fraction":
            num, den = token.split("/")
            out.append(f"<sup>{num}</sup>&frasl;<sub>{den}</sub>")
        elif kind == "tinyminy":
            out.append("+<sub>" if token[0] in "Tt" else "&minus;<sub>")
            closers.append("</sub>")
        elif token == "(":
            out.append("(")
            closers.append(")")
        elif token == ")":
            out.append(closers.pop() if closers else ")")
        else:
            out.append(html.escape(token))
    out.extend(reversed(closers))
    return "".join(out)


def value_span(text):
    """A value in a ``<span>`` whose hover text is the value as written
    (what the position language reads back); past ``MAX_SHOWN`` characters
    its start, and how long it is (the whole text is in the answer)."""
    if text is None:
        return f'<span style="color:{MUTED}">(none)</span>'
    more = ""
    if len(text) > MAX_SHOWN:
        more = f'<span style="color:{MUTED}"> &hellip; ({len(text)} characters in all)</span>'
        text = text[:MAX_SHOWN]
    return (
        f'<span class="sprague-value" title="{html.escape(text)}" '
        f'style="font-family:serif;font-size:1.1em">{value_html(text)}</span>{more}'
    )


class Value(str):
    """A canonical value as the library writes it (``"^*"``, ``"{1|*}"``):
    a ``str``, equal to that text, shown in a notebook in CGSuite's notation.
    ``tree()`` gives its game tree."""

    __slots__ = ()

    def _repr_html_(self):
        return value_span(str(self))

    def tree(self, depth=TREE_DEPTH, max_nodes=60):
        """The game tree of this value: its canonical form's options
        ``depth`` levels down, at most ``max_nodes`` nodes."""
        return GameTree(str(self), depth, max_nodes)


class Picture:
    """A drawing as SVG text (``svg``), shown by a notebook as a picture."""

    __slots__ = ("svg",)

    def __init__(self, svg):
        self.svg = svg

    def _repr_svg_(self):
        return self.svg

    def __str__(self):
        return self.svg

    def __repr__(self):
        first = self.svg.split(">", 1)[0]
        label = re.search(r'aria-label="([^"]*)"', first)
        return f"<Picture: {html.unescape(label.group(1)) if label else 'SVG'}>"


def thermograph(text):
    """The thermograph whose text is ``text`` (``cgt["thermograph"]`` of an
    analysis) drawn as ``sprague analyze --plot`` draws it: a ``Picture``,
    or ``None`` where it cannot be drawn (numbers too large)."""
    svg = _sprague.thermograph_svg(text)
    return None if svg is None else Picture(svg)


class GameTree:
    """The first levels of a canonical form's game tree: ``nodes`` is the
    list of ``value_tree``, ``(value, parent, side, left_count,
    right_count)``, the root first, breadth first. Drawn in a notebook as
    Winning Ways draws a game (``svg()``), as text by ``str``."""

    def __init__(self, position, depth=TREE_DEPTH, max_nodes=60):
        self.position = position
        self.nodes = _sprague.value_tree(position, depth, max_nodes)

    def children(self):
        """For each node, the indices of its options shown, Left's then
        Right's."""
        kids = [[] for _ in self.nodes]
        for i, (_, parent, _, _, _) in enumerate(self.nodes):
            if parent is not None:
                kids[parent].append(i)
        return kids

    def __str__(self):
        kids = self.children()
        lines = []
        stack = [(0, 0)]
        while stack:
            i, indent = stack.pop()
            value, _, side, left, right = self.nodes[i]
            shown = len(kids[i])
            more = left + right - shown
            label = value if value is not None else "(a long form)"
            tail = f"  (+{more} more)" if more and shown else ""
            lines.append("  " * indent + (f"{side}: " if side else "") + label + tail)
            stack.extend((k, indent + 1) for k in reversed(kids[i]))
        return "\n".join(lines)

    def __repr__(self):
        return f"<GameTree of {self.position}: {len(self.nodes)} nodes>"

    def svg(self):
        """The tree drawn (``tree_svg``): Left's options below on the left on
        blue edges, Right's on the right on red ones, ``+k`` where options
        are not shown; the library's colours and shapes."""
        return _sprague.tree_svg(self.nodes)

    def _repr_svg_(self):
        return self.svg()


class Analysis(dict):
    """The dict of ``analyze`` (exactly ``sprague analyze --json``), shown
    in a notebook as its value, outcome, winning moves, the figures CGSuite
    gives, the thermograph and the value's game tree."""

    def thermograph(self):
        """The thermograph drawn, a ``Picture``; ``None`` where the analysis
        has none (misère play, a loopy position) or it cannot be drawn."""
        text = (self.get("cgt") or {}).get("thermograph")
        return thermograph(text) if text else None

    def tree(self, depth=TREE_DEPTH, max_nodes=60):
        """The game tree of the position's canonical value; ``ValueError``
        under misère play or for a position without one (a loopy one)."""
        if self.get("play") == "misere":
            raise ValueError("a misère analysis has no canonical form: its tree is not drawn")
        if "thermograph" not in (self.get("cgt") or {}):
            # Only a short game's figures have a thermograph.
            raise ValueError(
                f"{self['position']} is loopy: it has no canonical form as a short game"
            )
        # The value reads back as itself and is quicker to value again than
        # the position; a value too long to write is read from the position.
        value = self.get("value")
        return GameTree(value if value is not None else self["position"], depth, max_nodes)

    def _repr_html_(self):
        rows = [("position", f"<code>{html.escape(self['position'])}</code>")]
        if self.get("play") == "misere":
            rows.append(("play", "misère"))
        rows.append(("value", value_span(self.get("value"))))
        outcome = self.get("outcome")
        words = OUTCOMES.get(outcome, "")
        rows.append(("outcome", f"<b>{html.escape(str(outcome))}</b> {html.escape(words)}"))
        if self.get("grundy") is not None:
            rows.append(("Grundy value", str(self["grundy"])))
        if self.get("remoteness") is not None:
            rows.append(("remoteness", str(self["remoteness"])))
        for key, label in (("winning_moves", "winning moves"), ("drawing_moves", "drawing moves")):
            moves = self.get(key) or []
            if moves:
                rows.append((label, _moves_html(moves)))
        cgt = self.get("cgt") or {}
        for key in ("left_stop", "right_stop", "mean", "temperature", "atomic_weight",
                    "birthday", "reduced", "onside", "offside"):
            if cgt.get(key) is not None:
                rows.append((key.replace("_", " "), value_span(str(cgt[key]))))
        for key, figure in (self.get("misere") or {}).items():
            if key != "form":
                rows.append((f"misère {key}", html.escape(str(figure))))
        table = "".join(
            f'<tr><th style="text-align:left;padding-right:1em">{k}</th>'
            f'<td style="text-align:left">{v}</td></tr>'
            for k, v in rows
        )
        pictures = []
        drawn = self.thermograph()
        if drawn is not None:
            pictures.append(drawn.svg)
        if "thermograph" in cgt:
            try:
                pictures.append(self.tree(TREE_DEPTH, TREE_NODES).svg())
            except ValueError as e:  # past the budget: said in place of the tree
                pictures.append(f'<span style="color:{MUTED}">no game tree: {html.escape(str(e))}</span>')
        figures = "".join(f'<div style="margin:4px 12px 4px 0">{p}</div>' for p in pictures)
        return (
            f'<div class="sprague-analysis"><table>{table}</table>'
            f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{figures}</div></div>'
        )


def _moves_html(moves):
    items = []
    for m in moves:
        side = m.get("side")
        colour = {"L": BLUE, "R": RED}.get(side, INK)
        who = f'<b style="color:{colour}">{side}</b> ' if side else ""
        items.append(
            f"<li>{who}{html.escape(m['description'])} &rarr; "
            f"<code>{html.escape(m['to'])}</code></li>"
        )
    return f'<ul style="margin:0;padding-left:1.2em">{"".join(items)}</ul>'
