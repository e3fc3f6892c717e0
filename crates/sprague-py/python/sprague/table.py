"""What ``sprague.table`` returns: the dict of ``sprague table --json``
(docs/table.md), with a method that lays a sequence out ``k`` values to a
row, as CGSuite's ``PeriodicTable``."""

from __future__ import annotations


class Table(dict):
    """The JSON of ``sprague table`` as a ``dict`` (indexed, compared and
    serialised as one), with :meth:`layout`."""

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
