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
        [sow_bin, "simulate", "bakuk", "koumma", "--games", "3000", "--seed", "5"],
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
        ({"variants": "bakuk", "games": 0}, "game"),
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


def test_to_pandas():
    pandas = require("pandas")
    report = sow.simulate(["bakuk", "koumma"], games=500)
    frame = report.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == ["variant", "statistic", "value"]
    assert set(frame["variant"]) == {"Bakuk", "Koumma"}
    wins = frame[(frame["variant"] == "Bakuk") & (frame["statistic"] == "seats.1.wins")]["value"]
    assert int(wins.iloc[0]) == report["Bakuk"]["seats"][0]["wins"]
    assert len(frame) == len(report.csv.splitlines()) - 1


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
