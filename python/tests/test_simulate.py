"""Simulations from Python: the figures of `sow simulate --format json`, pandas, Ctrl-C."""

import _thread
import json
import subprocess
import threading
import time

import pytest

import sow
from conftest import require


def test_same_figures_as_the_program(sow_bin):
    report = sow.simulate(["bakuk", "koumma"], games=3000, seed=5, jobs=2)
    printed = subprocess.run(
        [sow_bin, "simulate", "bakuk", "koumma", "--games", "3000", "--seed", "5", "--format", "json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert dict(report) == json.loads(printed)
    table = subprocess.run(
        [sow_bin, "simulate", "bakuk", "koumma", "--games", "3000", "--seed", "5", "--layout", "wide"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert report.table == table
    assert not report.partial


def test_figures_do_not_depend_on_threads():
    one = sow.simulate("bakuk", games=2000, seed=9, jobs=1)
    two = sow.simulate(sow.load("bakuk"), games=2000, seed=9, jobs=2)
    assert dict(one) == dict(two)
    assert one["Bakuk"]["games_played"] == 2000


def test_players_per_seat_and_rulesets():
    report = sow.simulate(["bakuk:three-player"], games=200, players=["greedy", "random", "random"])
    run = report["Bakuk:three-player"]["run"]
    assert run["players"] == ["greedy", "random", "random"]
    report = sow.simulate("kalah", games=100, players="greedy", max_plies=30)
    assert report["Kalah"]["run"]["players"] == ["greedy", "greedy"]
    assert report["Kalah"]["run"]["max_plies"] == 30


@pytest.mark.parametrize(
    "kwargs, message",
    [
        # In the words of the call, not of the command line (`--games 0`).
        ({"variants": "bakuk", "games": 0}, r"^games=0: a run needs at least one game$"),
        ({"variants": "bakuk", "games": -5}, r"^games=-5: expected 0 to 18446744073709551615$"),
        ({"variants": "bakuk", "seed": -1}, r"^seed=-1: expected 0 to"),
        ({"variants": "bakuk", "jobs": -1}, r"^jobs=-1: expected 0 to"),
        ({"variants": "bakuk", "jobs": 0}, r"^jobs=0: a run needs at least one thread$"),
        ({"variants": "bakuk", "max_plies": -3}, r"^max_plies=-3: expected"),
        ({"variants": "bakuk", "games": 10**40}, r"^games=10{40}: far too large$"),
        ({"variants": "bakuk", "players": ["random"] * 3}, "seats"),
        ({"variants": "bakuk", "players": "nobody"}, "players"),
        ({"variants": ["bakuk", "bakuk"]}, "named twice"),
        ({"variants": []}, "at least one variant"),
        # As `sow simulate --max-plies 0` refuses it: every game lasts a ply at least.
        ({"variants": "bakuk", "max_plies": 0}, r"max_plies=0: expected 1 to 1000000 plies"),
        ({"variants": "bakuk", "max_plies": 1_000_001}, r"max_plies=1000001: expected 1 to 1000000 plies"),
    ],
)
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        sow.simulate(**kwargs)


def test_ctrl_c_stops_a_run():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        sow.simulate("bakuk", games=10**12, jobs=2)
    assert time.monotonic() - start < 5


def csv_rows(report):
    """The rows of ``report.csv``: (variant, statistic) -> the value as written."""
    import csv
    import io

    return {(r["variant"], r["statistic"]): r["value"] for r in csv.DictReader(io.StringIO(report.csv))}


def test_to_pandas_numbers_are_numbers():
    pandas = require("pandas")
    report = sow.simulate(["bakuk", "koumma"], games=500, jobs=2)
    frame = report.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == ["variant", "statistic", "value", "low", "high", "text"]
    assert [str(t) for t in frame.dtypes[["value", "low", "high"]]] == ["float64"] * 3
    assert set(frame["variant"]) == {"Bakuk", "Koumma"}
    figure = frame.set_index(["variant", "statistic"])
    seat = report["Bakuk"]["seats"][0]
    assert figure.loc[("Bakuk", "seats.1.wins"), "value"] == seat["wins"]
    assert figure.loc[("Bakuk", "seats.1.win_rate"), "value"] + 1 == seat["win_rate"] + 1
    # An interval is two columns beside its figure, whichever way the JSON writes it.
    assert list(figure.loc[("Bakuk", "seats.1.win_rate"), ["low", "high"]]) == seat["win_rate_ci"]
    assert list(figure.loc[("Bakuk", "seats.1.edge"), ["value", "low", "high"]]) == [
        seat["edge"]["value"],
        *seat["edge"]["ci"],
    ]
    assert figure.loc[("Bakuk", "run.players.1"), "text"] == "random"
    assert pandas.isna(figure.loc[("Bakuk", "run.players.1"), "value"])
    assert figure.loc[("Bakuk", "run.partial"), "value"] == 0.0
    # Every row of --format csv is here, with the same value: the interval's ends beside it.
    written = csv_rows(report)
    seen = {}
    for row in frame.itertuples():
        values = {"": row.value if row.text is None or pandas.isna(row.text) else row.text}
        if not pandas.isna(row.low):
            values = {"": row.value, "low": row.low, "high": row.high}
        for end, value in values.items():
            if not end:
                keys = [row.statistic, row.statistic + ".value"]
            else:
                keys = [f"{row.statistic}_ci.{end}", f"{row.statistic}.ci.{end}"]
            [key] = [k for k in keys if (row.variant, k) in written]
            seen[(row.variant, key)] = value
    assert seen.keys() == written.keys()
    for where, text in written.items():
        value = seen[where]
        if isinstance(value, str):
            assert value == text, where
        elif text in ("true", "false"):
            assert value == (text == "true"), where
        elif text == "":
            assert pandas.isna(value), where
        else:
            assert value == float(text), where


def test_to_pandas_wide():
    require("pandas")
    report = sow.simulate(["bakuk", "koumma"], games=500, jobs=2)
    wide = report.to_pandas(wide=True)
    assert list(wide.index) == ["Bakuk", "Koumma"] and wide.index.name == "variant"
    dtypes = {c: str(t) for c, t in wide.dtypes.items()}
    assert dtypes["seats.1.wins"] == "int64"
    assert dtypes["seats.1.win_rate"] == dtypes["seats.1.win_rate.low"] == "float64"
    assert dtypes["run.partial"] == "bool"
    assert wide.loc["Koumma", "games_played"] == 500
    assert list(wide.loc["Koumma", ["seats.2.edge", "seats.2.edge.low", "seats.2.edge.high"]]) == [
        report["Koumma"]["seats"][1]["edge"]["value"],
        *report["Koumma"]["seats"][1]["edge"]["ci"],
    ]
    assert (wide["seats.1.win_rate"] + wide["seats.2.win_rate"] <= 1).all()
    long = report.to_pandas()
    numbers = long[long.text.isna() & long.value.notna()]
    for row in numbers.itertuples():
        assert wide.loc[row.variant, row.statistic] == row.value, row


def test_sigint_stops_a_run_in_another_process():
    """A real SIGINT (Ctrl-C at a terminal) reaches Python while the games run."""
    import signal
    import sys

    code = (
        "import signal, sow\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    sow.simulate('oware', games=10**12)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline() == "ready\n"
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=20)
    assert out.strip() == "interrupted"
    assert process.returncode == 0


def program(sow_bin, *args):
    return subprocess.run([sow_bin, "simulate", *args], check=True, capture_output=True, text=True).stdout


def test_set_vary_metrics_and_record_as_the_program(sow_bin, tmp_path):
    """set, vary, metrics and record give the figures, table, picture and records of
    `sow simulate --set --vary --metrics --record --plot`."""
    args = ["bakuk:valdez", "--games", "600", "--seed", "4", "--set", "first seed into the emptied pit"]
    args += ["--vary", "seeds {4, 5} in each pit", "--metrics"]
    kwargs = dict(
        games=600, seed=4, set="first seed into the emptied pit", vary=["seeds {4, 5} in each pit"], metrics=True, jobs=2
    )
    with pytest.warns(sow.VariantWarning, match="can be played without changing the board"):
        report = sow.simulate("bakuk:valdez", record=True, **kwargs)
    assert dict(report) == json.loads(program(sow_bin, *args, "--format", "json"))
    assert report.table == program(sow_bin, *args, "--layout", "wide")
    plot, record = tmp_path / "plot.svg", tmp_path / "games.jsonl"
    program(sow_bin, *args, "--plot", str(plot), "--record", str(record))
    assert report.svg == plot.read_text()
    lines = record.read_text().splitlines()
    assert report.records == [json.loads(line) for line in lines]
    # A path writes the records as the program does, byte for byte.
    mine = tmp_path / "mine.jsonl"
    with pytest.warns(sow.VariantWarning):
        written = sow.simulate("bakuk:valdez", record=mine, **kwargs)
    assert mine.read_text() == record.read_text()
    assert written.records is None and dict(written) == dict(report)
    # The games as a frame, and the wide frame with a column per rule varied.
    pandas = require("pandas")
    games = report.games()
    assert len(games) == len(lines) == 1200
    assert list(games.columns[:5]) == ["variant", "game", "winner", "plies", "end"]
    assert str(games.plies.dtype) == "int64" and str(games.winner.dtype) == "Int64"
    first = json.loads(lines[0])
    assert games.loc[0, "moves"] == first["moves"] and games.loc[0, "score.1"] == first["scores"][0]
    assert set(games.variant) == set(report)
    for label, figures in report.items():
        mean = games[games.variant == label].plies.mean()
        assert abs(mean - figures["length"]["mean"]) < 1e-9
    wide = report.to_pandas(wide=True)
    assert list(wide["seeds {4, 5} in each pit"]) == [4, 5]
    assert str(wide["seeds {4, 5} in each pit"].dtype) == "int64"
    assert isinstance(wide["metrics.balance"].iloc[0], float)
    assert pandas.api.types.is_float_dtype(wide["metrics.drama"])


def test_set_alone_as_the_program(sow_bin):
    report = sow.simulate(["kalah", "bakuk"], games=500, seed=2, set=["seeds 3 in each pit"], jobs=2)
    printed = program(sow_bin, "kalah", "bakuk", "--games", "500", "--seed", "2", "--set", "seeds 3 in each pit", "--format", "json")
    assert dict(report) == json.loads(printed)


def test_changes_with_mistakes_are_located():
    with pytest.raises(sow.VariantError) as caught:
        sow.simulate("bakuk", games=10, set="seeds 4 in each pitt")
    assert caught.value.messages[0].message == "unexpected word `pitt`"
    with pytest.raises(ValueError, match="metrics=True"):
        sow.simulate("bakuk", games=10, evaluator="margin")
    with pytest.raises(ValueError, match=r"^evaluator=`best` is not an evaluator"):
        sow.simulate("bakuk", games=10, metrics=True, evaluator="best")
    with pytest.raises(ValueError, match="record=True"):
        sow.simulate("bakuk", games=10).games()


def test_changes_are_named_as_the_arguments():
    """The messages about `set` and `vary` name them as Python writes them, not as the
    program's `--set` and `--vary`."""
    with pytest.raises(sow.VariantError) as caught:
        sow.simulate("bakuk", games=10, vary="seeds 4 in each pit")
    message = caught.value.messages[0]
    assert message.message == "`vary=` needs a placeholder: the values to try, in braces"
    assert (message.file, message.column) == ("vary", 1)
    assert "use `set=`" in message.rendered and "`--" not in message.rendered
    with pytest.raises(sow.VariantError) as caught:
        sow.simulate("bakuk", games=10, set="seeds {2..3} in each pit")
    assert caught.value.messages[0].message == "`set=` changes a rule to one value: it has no placeholder"
    with pytest.raises(sow.VariantError) as caught:
        sow.simulate("bakuk", games=10, set="seeds 3 in each pit", vary="seeds {2..4} in each pit")
    assert "by `set=\"seeds 3 in each pit\"` and by this `vary=`" in caught.value.messages[0].message


@pytest.mark.parametrize(
    "variant, evaluator, message",
    [
        (
            "bakuk:three-player",
            "alphabeta:3",
            'evaluator="alphabeta:3": Bakuk:three-player has 3 players, and the search values positions for two; use evaluator="margin"',
        ),
        (
            "bakuk:three-player",
            "mcts:50",
            'evaluator="mcts:50": Bakuk:three-player has 3 players, and the evaluator values positions for two; use evaluator="margin"',
        ),
    ],
)
def test_evaluators_refused_as_the_program_refuses_them(variant, evaluator, message):
    with pytest.raises(ValueError) as caught:
        sow.simulate(variant, games=10, metrics=True, evaluator=evaluator)
    assert str(caught.value) == message
    with pytest.raises(ValueError, match=r'^evaluator="exact": Oware cannot be solved \(.*\); use evaluator="margin" or "alphabeta:DEPTH"$'):
        sow.simulate("oware", games=10, metrics=True, evaluator="exact")


def test_notebook_display():
    report = sow.simulate(["bakuk", "koumma"], games=200, jobs=2)
    html = report._repr_html_()
    assert html.startswith("<table>") and html.count("<tr>") == len(report.table.splitlines()) - 3  # borders and the heading rule
    assert '<th style="text-align:right">Koumma</th>' in html
    assert "<td" in html and "┆" not in html
    assert isinstance(report.svg, sow.SVG) and report.svg._repr_svg_().startswith("<svg")


def test_progress():
    seen = []
    sow.simulate(["bakuk", "koumma"], games=5000, jobs=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (10000, 10000)
    assert all(total == 10000 for _, total in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)

    def stop(done, total):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        sow.simulate("bakuk", games=10**9, jobs=2, progress=stop)
    with pytest.raises(TypeError, match="progress"):
        sow.simulate("bakuk", games=10, progress="yes")


def test_progress_bar_is_tqdms():
    try:
        import tqdm  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install tqdm"):
            sow.simulate("bakuk", games=100, progress=True)
    else:
        assert sow.simulate("bakuk", games=100, progress=True)["Bakuk"]["games_played"] == 100
