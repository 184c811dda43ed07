"""The reports of simulations and tournaments as pandas tables, numbers as numbers.

A report (the JSON of ``--format json``) is flattened as ``--format csv`` flattens it: keys
joined by dots, list items numbered from 1 (``seats.1.win_rate``). Where the CSV gives an
interval as two rows (``seats.1.win_rate_ci.low`` and ``.high``, or ``edge.value`` with
``edge.ci.low`` and ``.high``), a figure here has it beside its value: one row, with the
interval's ends in the columns ``low`` and ``high``.
"""

from __future__ import annotations

import math
from typing import Any, Iterator

# One figure: its key, its value (a number, a bool, a text or None), and its interval.
# The interval is None for a figure that has none, ``[None, None]`` for one not known.
Row = tuple[str, Any, "list[float | None] | None"]


def _join(prefix: str, key: object) -> str:
    return f"{prefix}.{key}" if prefix else str(key)


def flatten(value: Any, prefix: str = "") -> Iterator[Row]:
    """The figures of a report's JSON value, in the order of the CSV's rows."""
    if isinstance(value, dict):
        # An estimate with its interval: `{"value": 0.02, "ci": [-0.08, 0.12]}`.
        if set(value) == {"value", "ci"} and not isinstance(value["value"], (dict, list)):
            yield (prefix, value["value"], value["ci"] or [None, None])
            return
        for key, item in value.items():
            # `win_rate` and `win_rate_ci`: one figure with its interval.
            if key.endswith("_ci") and key[:-3] in value:
                continue
            if key + "_ci" in value and not isinstance(item, (dict, list)):
                yield (_join(prefix, key), item, value[key + "_ci"] or [None, None])
            else:
                yield from flatten(item, _join(prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from flatten(item, _join(prefix, i + 1))
    else:
        yield (prefix, value, None)


def _pandas(kind: str) -> Any:
    try:
        import pandas
    except ImportError as error:
        raise ImportError(f"{kind}.to_pandas() needs pandas: pip install pandas") from error
    return pandas


def _number(value: Any) -> float:
    if value is None or isinstance(value, str):
        return math.nan
    return float(value)


def long_frame(figures: list[tuple[str, Any]], kind: str) -> Any:
    """One row per variant and figure: ``variant``, ``statistic``, ``value`` (a float: counts,
    rates, and flags as 1.0 or 0.0; NaN for a figure not known or in words), ``low`` and
    ``high`` (its interval, NaN if it has none) and ``text`` (the figure in words, for the
    figures that are words: players, rulesets; else None)."""
    pandas = _pandas(kind)
    rows = []
    for label, report in figures:
        for key, value, interval in flatten(report):
            low, high = interval if interval else (None, None)
            text = value if isinstance(value, str) else None
            rows.append((label, key, _number(value), _number(low), _number(high), text))
    frame = pandas.DataFrame(rows, columns=["variant", "statistic", "value", "low", "high", "text"])
    return frame.astype({"value": "float64", "low": "float64", "high": "float64"})


def wide_frame(figures: list[tuple[str, Any]], kind: str) -> Any:
    """One row per variant (the index, ``variant``), one column per figure, named as the
    long frame's ``statistic`` (an interval's ends beside it, ``X.low`` and ``X.high``); each
    column of its own type: integers, floats, booleans, or text."""
    pandas = _pandas(kind)
    records = []
    for _, report in figures:
        record: dict[str, Any] = {}
        for key, value, interval in flatten(report):
            record[key] = value
            if interval is not None:
                record[key + ".low"], record[key + ".high"] = interval
        records.append(record)
    columns: dict[str, None] = {}
    for record in records:
        columns.update(dict.fromkeys(record))
    frame = pandas.DataFrame.from_records(records, columns=list(columns))
    frame.index = pandas.Index([label for label, _ in figures], name="variant")
    # A figure some variants lack (an interval of no games, a count some never reach) is
    # None there: its column is floats with NaN, or text with None.
    return frame.infer_objects()
