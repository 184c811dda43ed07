"""sow: mancala (sowing game) rules as data, from Python.

The engine of the ``sow`` program (a Rust library) as Python objects::

    import sow

    bakuk = sow.load("bakuk")            # a bundled variant, or a path to a .sow file
    game = bakuk.new_game()
    while not game.finished:
        game.play(game.legal_moves()[0])  # moves in the sow notation: "3", "2cw", "h1", "pass"
    print(game)                           # the board as `sow play` draws it
    print(game.winner, game.scores)

A variant with mistakes raises :class:`VariantError`, whose ``messages`` are the located
messages the ``sow`` program prints.

``sow.openspiel`` (imported on first use; needs ``pip install open-spiel``) makes the variants
OpenSpiel games: ``sow.openspiel.load_game("kalah")``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import Any

from . import _frames, _sow
from ._sow import Game, Message, Solution, TournamentError, Variant, VariantError

__version__: str = _sow.__version__

__all__ = [
    "Game",
    "Message",
    "SVG",
    "Simulation",
    "Solution",
    "Tournament",
    "TournamentError",
    "Variant",
    "VariantError",
    "VariantWarning",
    "bundled",
    "load",
    "load_text",
    "simulate",
    "solve",
    "tournament",
]


def load(reference: str | os.PathLike[str], ruleset: str | None = None) -> Variant:
    """Load a variant: a bundled name (``"bakuk"``) or a path to a ``.sow`` file.

    A ruleset is named by ``ruleset`` or after a colon (``"bakuk:three-player"``), as the
    ``sow`` program takes it. A variant with mistakes, or a file that cannot be read, raises
    :class:`VariantError`; naming two different rulesets raises ValueError.
    """
    return _sow.load(os.fspath(reference), ruleset)


def load_text(text: str, ruleset: str | None = None, name: str = "<text>") -> Variant:
    """Load a variant from its text (``"variant Mine extends kalah { ... }"``).

    ``name`` is what the messages of a :class:`VariantError` call the text.
    """
    return _sow.load_text(text, ruleset, name)


def __dir__() -> list[str]:
    # What the package offers, not the modules it imports (`io`, `json`, `os`, `Any`).
    return sorted([*__all__, "__version__", "openspiel"])


def __getattr__(name: str) -> Any:
    # `sow.openspiel` is imported on first use: `import sow` does not import pyspiel.
    if name == "openspiel":
        import importlib

        return importlib.import_module(".openspiel", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def bundled() -> list[str]:
    """The names of the bundled variants, as ``sow list`` gives them."""
    return _sow.bundled()


class VariantWarning(UserWarning):
    """A warning of the checker about rules changed by ``set`` or ``vary`` (as ``sow simulate``
    prints them)."""


class SVG(str):
    """An SVG picture (its text): a notebook shows it as the picture."""

    def _repr_svg_(self) -> str:
        return str(self)


def _html_table(lines: list[str]) -> str:
    """One table as the program draws it (box drawing, ``┆`` between cells), as HTML: a
    heading of one or two lines, the rows, figures aligned right."""
    import html

    head: list[str] = []
    rows: list[list[str]] = []
    body = False
    for line in lines:
        if line.startswith("╞"):
            body = True
        elif line.startswith("│"):
            cells = [html.escape(c.strip()) for c in line.strip().strip("│").split("┆")]
            if body:
                rows.append(cells)
            elif not head:
                head = cells
            else:  # a heading of two lines (a variant of a sweep and its values)
                head = [f"{a}<br>{b}" if b else a for a, b in zip(head, cells)]
    out = ["<table>", "<thead><tr>"]
    out.extend(f'<th style="text-align:right">{h}</th>' for h in head)
    out.append("</tr></thead>\n<tbody>")
    for row in rows:
        cells = [f'<th style="text-align:left">{row[0]}</th>']
        cells.extend(f'<td style="text-align:right">{c}</td>' for c in row[1:])
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody>\n</table>")
    return "\n".join(out)


def _html(text: str) -> str:
    """The tables the program prints, as HTML: each table an HTML table, each line between
    them a paragraph."""
    import html

    out: list[str] = []
    table: list[str] = []
    for line in text.splitlines():
        if line.startswith(("┌", "│", "╞", "├", "└")):
            table.append(line)
            if line.startswith("└"):
                out.append(_html_table(table))
                table = []
        elif line.strip():
            out.append(f"<p>{html.escape(line)}</p>")
    if table:
        out.append(_html_table(table))
    return "\n".join(out)


class Simulation(dict[str, Any]):
    """The report of :func:`simulate`: what ``sow simulate --format json`` prints, as a dict.

    One key per variant (its label, ``"Bakuk"`` or ``"Bakuk:three-player"``), each holding
    ``run`` (variant, games, seed, players, ...), ``games_played``, ``seats`` (wins, draws,
    losses, win rates with their confidence intervals, mean scores), the game lengths and the
    rest of the program's figures (``metrics``, with ``metrics=True``). Besides: ``table``
    (the table ``sow simulate`` prints), ``csv`` (the long table of ``--format csv``),
    ``svg`` (the picture of ``--plot``), ``partial`` (stopped before its last game),
    ``records`` (with ``record=True``: every game as ``--record`` writes it, a dict each),
    :meth:`to_pandas` (its figures as numbers, long or wide) and :meth:`games` (the records
    as a frame). In a notebook it shows as its table.
    """

    table: str
    csv: str
    svg: SVG
    partial: bool
    records: list[dict[str, Any]] | None

    def __init__(
        self,
        report: dict[str, Any],
        csv: str,
        table: str,
        partial: bool,
        svg: str = "",
        records: list[tuple[str, str]] | None = None,
    ) -> None:
        super().__init__(report)
        self.csv = csv
        self.table = table
        self.partial = partial
        self.svg = SVG(svg)
        self._labels: list[str] = []
        self.records = None
        if records is not None:
            self.records = []
            for label, lines in records:
                for line in lines.splitlines():
                    self.records.append(json.loads(line))
                    self._labels.append(label)

    def to_pandas(self, wide: bool = False) -> Any:
        """The figures as a pandas DataFrame (needs pandas installed), numbers as numbers.

        Long (the default): one row per variant and statistic, as ``--format csv`` has them
        (statistics named as in the JSON, ``seats.1.win_rate``), with the columns
        ``variant``, ``statistic``, ``value`` (a float; flags 1.0 or 0.0; NaN for a figure
        not known or in words), ``low`` and ``high`` (the ends of the figure's 95%
        interval, where it has one: the CSV's ``_ci.low``/``_ci.high`` or ``.ci.low``/
        ``.ci.high`` rows, here beside the value), and ``text`` (the figures in words:
        players, source, fingerprint; None for numbers).

        ``wide=True``: one row per variant (the index, ``variant``), one column per
        statistic, each of its own type (integers, floats, booleans, text), an interval's
        ends in the columns ``STATISTIC.low`` and ``STATISTIC.high``. A run of ``vary`` has
        a column per rule varied (named as given, ``"seeds {3..5} in each pit"``) holding
        each variant's value, as a number where every value is one.
        """
        figures = [(label, {k: v for k, v in report.items() if k != "tally"}) for label, report in self.items()]
        if not wide:
            return _frames.long_frame(figures, "Simulation")
        frame = _frames.wide_frame(figures, "Simulation")
        pandas = _frames._pandas("Simulation")
        rules: list[str] = []
        for report in self.values():
            varied = report["run"].get("varied") or {"rules": []}
            rules.extend(r for r in varied["rules"] if r not in rules)
        for i, rule in enumerate(rules):
            values = []
            for report in self.values():
                varied = report["run"].get("varied") or {"rules": [], "values": []}
                given = dict(zip(varied["rules"], varied["values"]))
                values.append(given.get(rule))
            try:
                column = pandas.to_numeric(pandas.Series(values, index=frame.index))
            except (ValueError, TypeError):
                column = pandas.Series(values, index=frame.index)
            frame.insert(i, rule, column)
        return frame

    def games(self) -> Any:
        """The games of a run with ``record=True`` as a pandas DataFrame, one row per game:
        ``variant`` (the label, as the report's keys), ``game`` (its number in the run),
        ``winner`` (None for a draw), ``plies``, ``end``, ``score.1`` ... ``score.P``, and
        ``moves`` (the moves, each as ``sow play --moves`` takes it). Needs pandas."""
        if self.records is None:
            raise ValueError("the games were not kept: simulate with record=True")
        pandas = _frames._pandas("Simulation")
        players = max((len(r["scores"]) for r in self.records), default=0)
        rows = []
        for label, r in zip(self._labels, self.records):
            scores = r["scores"] + [None] * (players - len(r["scores"]))
            rows.append([label, r["game"], r["winner"], r["plies"], r["end"], *scores, r["moves"]])
        columns = ["variant", "game", "winner", "plies", "end", *(f"score.{p + 1}" for p in range(players)), "moves"]
        frame = pandas.DataFrame(rows, columns=columns)
        return frame.astype({"winner": "Int64"})

    def _repr_html_(self) -> str:
        return _html(self.table)


def simulate(
    variants: str | Variant | Iterable[str | Variant],
    games: int = 100_000,
    players: str | Iterable[str] = "random",
    seed: int = 0,
    jobs: int | None = None,
    max_plies: int | None = None,
    *,
    set: str | Iterable[str] = (),
    vary: str | Iterable[str] = (),
    metrics: bool = False,
    evaluator: str | None = None,
    record: bool | str | os.PathLike[str] = False,
    progress: Any = None,
) -> Simulation:
    """Play ``games`` games of each variant as ``sow simulate`` does, and return its report.

    ``variants`` are bundled names, paths or :class:`Variant` objects (one or a list).
    ``players`` names the player of each seat (``["random", "greedy"]``), or one for every seat
    (``"random"``, ``"alphabeta:4"``, ``"mcts:1000,c=0.7"``, ``"perfect"``); game ``i`` is played
    from a random stream drawn from ``(seed, i)`` alone, on ``jobs`` threads (every core by
    default), so the figures do not depend on ``jobs``. ``max_plies`` ends every game after so
    many plies.

    As the program's options of the same names: ``set`` changes rules, each written as in a
    variant file (``"seeds 4 in each pit"``); ``vary`` runs each variant once for each value
    of a rule's placeholder (``"seeds {2..8} in each pit"``, ``"first seed into the {next,
    emptied} pit"``; two for a grid); ``metrics=True`` adds the game-design metrics (and the
    table shows them), judged by ``evaluator`` (``"exact"``, ``"margin"``,
    ``"alphabeta:DEPTH"``, ``"mcts:N"``; by default exact where the variant solves in
    moments, else margin). ``record=True`` keeps every game (``Simulation.records``,
    ``Simulation.games()``); a path writes them there as JSON lines, as ``--record FILE``.
    A change with mistakes raises :class:`VariantError`.

    ``progress`` is called as ``progress(done, total)`` (games) as the games are played,
    every 50 ms at most; ``progress=True`` shows a tqdm bar (``pip install tqdm``). The games
    run with the GIL released; Ctrl-C stops them and raises KeyboardInterrupt. Bad arguments
    raise ValueError.
    """
    if isinstance(variants, (str, os.PathLike, Variant)):
        variants = [variants]
    loaded = [v if isinstance(v, Variant) else load(v) for v in variants]
    seats = [players] if isinstance(players, str) else list(players)
    sets = [set] if isinstance(set, str) else list(set)
    varies = [vary] if isinstance(vary, str) else list(vary)
    path = None if isinstance(record, bool) else os.fspath(record)
    with _progress(progress, "games") as callback:
        report, csv, table, partial, svg, records, warned = _sow.simulate_report(
            loaded,
            games,
            seats,
            seed,
            jobs,
            max_plies,
            sets,
            varies,
            metrics,
            evaluator,
            record is True,
            path,
            callback,
        )
    if warned:
        import warnings

        warnings.warn(warned.rstrip("\n"), VariantWarning, stacklevel=2)
    return Simulation(json.loads(report), csv, table, partial, svg, records if record is True else None)


class _progress:
    """The callback of ``progress=``: the one given, a tqdm bar for True, or None."""

    def __init__(self, progress: Any, unit: str) -> None:
        self.bar = None
        self.callback = None
        if progress is True:
            try:
                from tqdm.auto import tqdm
            except ImportError as error:
                raise ImportError("progress=True shows a tqdm bar: pip install tqdm") from error
            self.bar = tqdm(unit=" " + unit)

            def tell(done: int, total: int | None) -> None:
                assert self.bar is not None
                if total is not None and self.bar.total != total:
                    self.bar.total = total
                self.bar.n = done
                self.bar.refresh()

            self.callback = tell
        elif progress is not None and progress is not False:
            if not callable(progress):
                raise TypeError("progress: expected a function progress(done, total), or True for a tqdm bar")
            self.callback = progress

    def __enter__(self) -> Any:
        return self.callback

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.close()


def solve(
    variant: str | os.PathLike[str] | Variant,
    start: Game | None = None,
    strong: bool = False,
    jobs: int | None = None,
    progress: Any = None,
    method: str = "table",
    memory: int | None = None,
    endgame: int | None = None,
    time_limit: float | None = None,
) -> Solution:
    """Solve a variant exactly, as ``sow solve --method table`` does, and keep its table;
    or, with ``method="search"``, by search as ``sow solve --method search`` does.

    ``variant`` is a bundled name, a path or a :class:`Variant`. The table holds every
    position a game reaches from the start (or from ``start``, a game of the variant; with
    ``strong=True``, every distribution of the seeds). The :class:`Solution` has the value
    for the player to move (``value``: the seeds they can win by; ``winner``), each opening
    move's value (``openings``, best first), a perfect game (``principal_variation``), the
    report of ``sow solve --format json`` (``report``), and values any position of the table:
    ``value_of(game)``, ``move_values(game)``, ``best_move(game)``; called with a game it
    returns a best move, so it is a perfect player. A game of rounds is solved to the end of
    its first round, as ``sow solve`` does.

    The work runs on ``jobs`` threads (every core by default) with the GIL released; Ctrl-C
    stops it and raises KeyboardInterrupt. A variant a table cannot solve (more than two
    players, too many positions, rules that need a game's history) raises ValueError with
    the reason.

    ``method="search"`` values boards too large for a table: a search from the position
    solved, over a table of every endgame of up to ``endgame`` seeds on the board (by
    default as many as about a minute of building allows), within ``memory`` bytes (by
    default 1 GiB, or half the machine's if less). Its :class:`Solution` keeps the searcher
    (its tables keep what each search proved): ``value_of(game)`` and ``best_move(game)``
    search the game's position; ``move_values`` is a table's only (a search proves the
    best moves' value, and of the others only that they are worse).

    ``time_limit`` (seconds) stops the work: a table is then refused (ValueError: it has no
    value before it is complete); a search returns what it proved, a :class:`Solution`
    whose ``complete`` is False, ``value`` None and ``bounds`` the least and the most the
    value can be. A search's ``value_of`` and ``best_move`` each have that time, and raise
    ValueError with the bounds when it runs out.

    ``progress`` is called as ``progress(done, total)`` as the work goes (positions solved
    so far by a table, searched by a search; ``total`` the positions of the table with
    ``strong=True``, else None: the positions a game reaches are not known beforehand);
    ``progress=True`` shows a tqdm bar.
    """
    if not isinstance(variant, Variant):
        variant = load(variant)
    with _progress(progress, "positions") as callback:
        return _sow.solve(variant, start, strong, jobs, callback, method, memory, endgame, time_limit)


class Tournament(dict[str, Any]):
    """The report of :func:`tournament`: what ``sow tournament --format json`` prints, as a
    dict (``tournament``: its name, format, games per pairing, participants...;
    ``variants``: per variant the standings, ratings, head-to-head figures, seats, openings,
    skill trace...). Besides:
    ``table`` (the tables the program prints), ``csv`` (``--format csv``: one row per variant
    and figure), ``svg`` (the picture of ``--plot``; a notebook shows it as the picture) and
    :meth:`to_pandas`. In a notebook it shows as its tables.
    """

    table: str
    csv: str
    svg: SVG

    def __init__(self, report: dict[str, Any], csv: str, table: str, svg: str) -> None:
        super().__init__(report)
        self.csv = csv
        self.table = table
        self.svg = SVG(svg)

    def _repr_html_(self) -> str:
        return _html(self.table)

    def to_pandas(self, wide: bool = False) -> Any:
        """Each variant's figures (``report["variants"][i]["figures"]``) as a pandas
        DataFrame, numbers as numbers, as :meth:`Simulation.to_pandas` gives a simulation's:
        long (columns ``variant``, ``statistic``, ``value``, ``low``, ``high``, ``text``;
        statistics are paths into the figures, ``standings.1.rating``, list items numbered
        from 1), or ``wide=True``, one row per variant and a column per statistic. Needs
        pandas installed."""
        figures = [(v["variant"], v["figures"]) for v in self["variants"]]
        if wide:
            return _frames.wide_frame(figures, "Tournament")
        return _frames.long_frame(figures, "Tournament")


def tournament(
    file: str | os.PathLike[str] | None = None,
    *,
    text: str | None = None,
    jobs: int | None = None,
    progress: Any = None,
) -> Tournament:
    """Play a tournament as ``sow tournament FILE`` does and return its report.

    Give the tournament file's path, or its YAML as ``text`` (its variants are then found
    from the working directory, bundled ones by name). The games are played on ``jobs``
    threads (every core by default) with the GIL released; the figures do not depend on
    ``jobs``. Ctrl-C stops them and raises KeyboardInterrupt. A file with mistakes raises
    :class:`TournamentError`, whose ``messages`` are the located messages ``sow check`` prints.
    ``progress`` is called as ``progress(done, total)`` (games) as the games are played;
    ``progress=True`` shows a tqdm bar.
    """
    path = None if file is None else os.fspath(file)
    with _progress(progress, "games") as callback:
        report, csv, table, svg = _sow.tournament_report(path, text, "<text>", jobs, callback)
    return Tournament(json.loads(report), csv, table, svg)
