"""The dict of ``table``, laid out by rows, shown in a notebook as a grid
and converted to a pandas DataFrame.

A ``Table`` is exactly the dict of ``sprague table --json`` (docs/table.md: a
one-heap table: ``from``, ``to``, ``values`` and any other list with one
entry per heap, such as the misère ``genus``; a table of two numbers:
``from``, ``rows``, ``cols``, ``values[i][j]`` and ``outcomes``; a table of
figures: ``fields`` and ``columns`` in place of ``values``; a filtered one:
``positions``), with ``layout(k)`` (CGSuite's ``PeriodicTable``),
``_repr_html_`` and ``to_pandas()``.
"""

from __future__ import annotations

import html

from .display import BLUE, INK, MUTED, RED, value_span

# The most cells a notebook is shown; past it the first rows are shown and
# the caption says how many there are (``to_pandas()`` has them all).
MAX_CELLS = 2500

# A one-heap table is shown this many heaps to a row, or its period's
# length where one was found and is at most MAX_ROW.
ROW = 10
MAX_ROW = 40

# The cells of a partizan grid, by outcome class: Left's wins blue, Right's
# red (the library's colours, lightened), first player's yellow, second
# player's white.
OUTCOME_COLOURS = {"L": "#d6e0f3", "R": "#f4d5d1", "N": "#fbefc4", "P": "#ffffff"}

PANDAS_MISSING = (
    "Table.to_pandas() needs pandas: pip install 'sprague[pandas]' (or pip install pandas)"
)


def _heat(value):
    """The cell colour of a Grundy value: 0 (a second-player win) dark,
    others a hue each, light."""
    if not isinstance(value, int) or isinstance(value, bool):
        return "#ffffff"
    if value == 0:
        return "#cfd4dc"
    return f"hsl({(value * 47) % 360}, 70%, 88%)"


def _cell(value):
    if isinstance(value, str):
        return value_span(value)
    return html.escape(str(value))


class Table(dict):
    """The dict of ``table`` (exactly ``sprague table --json``), shown in a
    notebook as a grid: a one-heap table ``ROW`` heaps to a row (or its
    period's length, where found), a table of two numbers as its grid, each
    cell coloured by its Grundy value (0 grey) or, for a partizan grid, by
    its outcome class."""

    def is_grid(self):
        """Whether this is a table of two numbers (``values[i][j]``)."""
        return "rows" in self and "cols" in self

    def _values(self):
        """The table's values: ``values``, or a table of figures' first
        field (its grid for two coordinates)."""
        if "values" in self:
            return self["values"]
        fields = self.get("columns")
        if isinstance(fields, dict) and fields:
            return next(iter(fields.values()))
        raise ValueError("this table has no values to show: a filtered table lists positions")

    def columns(self):
        """The per-heap lists of a one-heap table, by name: ``value`` (the
        ``values``, or a table of figures' first field) first, then every
        other list with one entry per heap (the misère ``genus``, the other
        fields), in the dict's order."""
        values = self._values()
        fields = self.get("columns")
        if "values" not in self and isinstance(fields, dict):
            names = list(fields)
            out = {"value": values}
            out.update({name: fields[name] for name in names[1:]})
            return out
        out = {"value": values}
        for key, column in self.items():
            if key != "values" and isinstance(column, list) and len(column) == len(values):
                out[key] = column
        return out

    def _sequence(self, field):
        """The values of ``field`` (the table's value, or its only field,
        when ``None``) along the table's one varying coordinate, with the
        first coordinate."""
        columns = self.get("columns")
        if field is None:
            if "values" in self:
                values = self["values"]
            elif isinstance(columns, dict) and len(columns) == 1:
                values = next(iter(columns.values()))
            else:
                raise ValueError("layout: name the field to lay out (field=...)")
        elif isinstance(columns, dict) and field in columns:
            values = columns[field]
        else:
            raise ValueError(f"layout: the table has no field {field!r}")
        first = self.get("from", 0)
        if isinstance(first, list):
            # A grid: one row or one column of it is a sequence.
            if len(values) == 1:
                return first[1], values[0]
            if values and all(len(row) == 1 for row in values):
                return first[0], [row[0] for row in values]
            raise ValueError("layout is for a sequence: a grid of one row or column")
        return first, values

    def layout(self, k, field=None):
        """The sequence laid out ``k`` to a row, as CGSuite's
        ``PeriodicTable(k)``: a list of ``(n, row)`` pairs, row ``r``
        holding the values of ``n = from + r*k .. from + r*k + k - 1`` (the
        last row may be shorter). ``k="period"`` lays it out by the period
        the table found (``table(..., period=True)``); ``field`` names which
        figure of a table of several fields."""
        if k == "period":
            period = self.get("period")
            if not period or (field is not None and period.get("field", field) != field):
                raise ValueError(
                    "layout: no period was found for this field (ask table(..., period=True)), "
                    "or give a row length"
                )
            k = period["period"]
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"layout: {k!r} is not a row length (an integer of 1 or more)")
        first, values = self._sequence(field)
        return [(first + i, values[i : i + k]) for i in range(0, len(values), k)]

    def to_pandas(self):
        """A pandas DataFrame: for a one-heap table one row per heap,
        indexed by ``n``, a column per list (``value``, and ``genus`` for a
        misère table); for a table of two numbers the grid of values,
        indexed by ``a`` with a column per ``b`` (as ``sprague table --csv``
        pivoted). ``ImportError`` where pandas is not installed: it is the
        optional extra ``sprague[pandas]``."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(PANDAS_MISSING) from None
        if self.is_grid():
            a0, b0 = self["from"]
            index = pd.RangeIndex(a0, a0 + self["rows"], name="a")
            columns = pd.RangeIndex(b0, b0 + self["cols"], name="b")
            return pd.DataFrame(self._values(), index=index, columns=columns)
        first = self["from"]
        index = pd.RangeIndex(first, first + len(self._values()), name="n")
        return pd.DataFrame(self.columns(), index=index)

    def _repr_html_(self):
        if "positions" in self:
            return self._positions_html()
        if self.is_grid():
            return self._grid_html()
        return self._row_html()

    def _caption(self, shown, total):
        text = html.escape(str(self.get("ruleset", "")))
        period = self.get("period")
        if isinstance(period, dict):
            saltus = period.get("saltus") or 0
            text += (
                f" &middot; preperiod {period['preperiod']}, period {period['period']}"
                + (f", saltus {saltus}" if saltus else "")
                + (" (certified)" if period.get("certified") else " (not certified)")
            )
        if shown < total:
            text += f" &middot; the first {shown} of {total} cells shown (to_pandas() has them all)"
        return f'<caption style="caption-side:top;text-align:left;color:{MUTED}">{text}</caption>'

    def _row_html(self):
        columns = self.columns()
        values = columns.pop("value")
        first = self["from"]
        period = self.get("period")
        width = ROW
        if isinstance(period, dict) and 2 <= period.get("period", 0) <= MAX_ROW:
            width = period["period"]
        shown = min(len(values), MAX_CELLS - MAX_CELLS % width)
        head = "".join(f'<th style="color:{MUTED}">+{k}</th>' for k in range(width))
        body = []
        for start in range(0, shown, width):
            cells = []
            for k in range(start, min(start + width, shown)):
                extra = "".join(
                    f'<br><small style="color:{MUTED}">{html.escape(str(c[k]))}</small>'
                    for c in columns.values()
                )
                tip = ", ".join(f"{name} {c[k]}" for name, c in columns.items())
                title = f"n = {first + k}" + (f", {tip}" if tip else "")
                cells.append(
                    f'<td style="background:{_heat(values[k])};text-align:center;padding:1px 5px" '
                    f'title="{html.escape(title)}">{_cell(values[k])}{extra}</td>'
                )
            body.append(f'<tr><th style="color:{MUTED}">{first + start}</th>{"".join(cells)}</tr>')
        return (
            f'<table class="sprague-table" style="color:{INK}">'
            f"{self._caption(shown, len(values))}"
            f'<tr><th style="color:{MUTED}">n</th>{head}</tr>{"".join(body)}</table>'
        )

    def _grid_html(self):
        a0, b0 = self["from"]
        rows, cols = self["rows"], self["cols"]
        values = self._values()
        outcomes = self.get("outcomes")
        shown_rows = min(rows, max(1, MAX_CELLS // max(cols, 1)))
        shown_cols = min(cols, MAX_CELLS)
        head = "".join(f'<th style="color:{MUTED}">{b0 + j}</th>' for j in range(shown_cols))
        body = []
        for i in range(shown_rows):
            cells = []
            for j in range(shown_cols):
                v = values[i][j]
                if outcomes is not None:
                    colour = OUTCOME_COLOURS.get(outcomes[i][j], "#ffffff")
                    title = f"({a0 + i}, {b0 + j}): {v}, outcome {outcomes[i][j]}"
                else:
                    colour = _heat(v)
                    title = f"({a0 + i}, {b0 + j}): {v}"
                cells.append(
                    f'<td style="background:{colour};text-align:center;padding:1px 5px" '
                    f'title="{html.escape(str(title))}">{_cell(v)}</td>'
                )
            body.append(f'<tr><th style="color:{MUTED}">{a0 + i}</th>{"".join(cells)}</tr>')
        legend = ""
        if outcomes is not None:
            legend = " ".join(
                f'<span style="background:{OUTCOME_COLOURS[o]};padding:0 4px;'
                f'border:1px solid #ddd">{o}</span>'
                for o in ("L", "R", "N", "P")
            )
            legend = (
                f'<div style="color:{MUTED}">outcome classes: {legend} '
                f'(<span style="color:{BLUE}">Left</span> wins, '
                f'<span style="color:{RED}">Right</span> wins, first player, second player)</div>'
            )
        return (
            f'<div><table class="sprague-table" style="color:{INK}">'
            f"{self._caption(shown_rows * shown_cols, rows * cols)}"
            f'<tr><th style="color:{MUTED}">a \\ b</th>{head}</tr>{"".join(body)}</table>'
            f"{legend}</div>"
        )

    def _positions_html(self):
        """A filtered table: the positions kept, a row each."""
        positions = self["positions"][:MAX_CELLS]
        keys = list(positions[0]) if positions else []
        head = "".join(f'<th style="color:{MUTED}">{html.escape(k)}</th>' for k in keys)
        body = "".join(
            "<tr>" + "".join(f"<td>{_cell(p.get(k))}</td>" for k in keys) + "</tr>"
            for p in positions
        )
        caption = html.escape(f"{self.get('ruleset', '')} where {self.get('where', '')}")
        caption += f" &middot; {self.get('count', len(self['positions']))} of {self.get('examined', '?')} positions"
        return (
            f'<table class="sprague-table" style="color:{INK}">'
            f'<caption style="caption-side:top;text-align:left;color:{MUTED}">{caption}</caption>'
            f"<tr>{head}</tr>{body}</table>"
        )
