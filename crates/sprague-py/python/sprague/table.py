"""The result of ``sprague.table``: the dict of ``table --json``, with a
method that lays a one-coordinate table out ``k`` values to a row."""

from __future__ import annotations


class Table(dict):
    """The JSON of ``sprague table`` as a ``dict`` (indexed, compared and
    serialised as one), with :meth:`layout`."""

    def _sequence(self, field):
        if "values" in self and isinstance(self["values"], list) and (
            field is None or field == self.get("field")
        ):
            values = self["values"]
        elif field is not None and isinstance(self.get("fields"), dict):
            values = self["fields"][field]
        elif isinstance(self.get("fields"), dict) and len(self["fields"]) == 1:
            values = next(iter(self["fields"].values()))
        else:
            values = self.get("values")
        if not isinstance(values, list) or (values and isinstance(values[0], list)):
            raise ValueError("layout is for a table of one coordinate (a sequence)")
        return values

    def layout(self, k, field=None):
        """The values laid out ``k`` to a row, as CGSuite's
        ``PeriodicTable(k)``: a list of ``(n, row)`` pairs, row ``r`` holding
        the values of ``n = from + r*k .. from + r*k + k - 1`` (the last row
        may be shorter). ``k="period"`` lays them out by the period the
        table found (``table(..., period=True)``); ``field`` names which
        figure of a table of several fields."""
        if k == "period":
            period = self.get("period")
            if not period and field is not None:
                period = (self.get("periods") or {}).get(field)
            if not period:
                raise ValueError("no period was found: give layout an integer")
            k = period["period"]
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"layout: {k!r} is not a row length (an integer of 1 or more)")
        values = self._sequence(field)
        first = self.get("from", 0)
        if isinstance(first, list):
            first = first[0]
        return [(first + i, values[i : i + k]) for i in range(0, len(values), k)]
