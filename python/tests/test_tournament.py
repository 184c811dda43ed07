"""Tournaments from Python: the report of `sow tournament --format json`, its tables, CSV and
plot, text given in a notebook, mistakes located, Ctrl-C."""

import _thread
import json
import subprocess
import threading
import time

import pytest

import sow
from conftest import ROOT, require

QUICK = ROOT / "tournaments" / "quick.yaml"


def program(sow_bin, *args):
    return subprocess.run([sow_bin, "tournament", *args], check=True, capture_output=True, text=True).stdout


def test_same_report_as_the_program(sow_bin, tmp_path):
    report = sow.tournament(QUICK, jobs=2)
    assert dict(report) == json.loads(program(sow_bin, str(QUICK), "--format", "json"))
    assert report.table == program(sow_bin, str(QUICK))
    assert report.csv == program(sow_bin, str(QUICK), "--format", "csv")
    plot = tmp_path / "plot.svg"
    program(sow_bin, str(QUICK), "--plot", str(plot))
    assert report.svg == plot.read_text()


def test_figures_do_not_depend_on_threads():
    assert dict(sow.tournament(QUICK, jobs=1)) == dict(sow.tournament(str(QUICK), jobs=2))


def test_text_and_pandas():
    text = "variants: [bakuk]\nparticipants: [random, greedy]\ngames: 40\nseed: 3\n"
    report = sow.tournament(text=text, jobs=2)
    assert report["tournament"]["games_per_pairing"] == 40
    assert report["tournament"]["file"] == "<text>"
    assert [v["variant"] for v in report["variants"]] == ["Bakuk"]
    pandas = require("pandas")
    frame = report.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    # The columns of a simulation's frame: one name for the key column.
    assert list(frame.columns) == ["variant", "statistic", "value", "low", "high", "text"]
    assert str(frame.value.dtype) == "float64"
    # A row of --format csv a figure, numbers as numbers (no interval in a tournament's).
    assert len(frame) == len(report.csv.splitlines()) - 1
    figure = frame.set_index("statistic")
    top = report["variants"][0]["figures"]["standings"][0]
    assert figure.loc["standings.1.participant", "text"] == top["participant"]
    assert figure.loc["standings.1.rating", "value"] == top["rating"]
    assert figure.loc["standings.1.games", "value"] + 1 == 41
    wide = report.to_pandas(wide=True)
    assert list(wide.index) == ["Bakuk"]
    assert str(wide["standings.1.games"].dtype) == "int64"
    assert wide.loc["Bakuk", "standings.1.participant"] == top["participant"]


def test_mistakes_are_located(sow_bin, tmp_path):
    text = "variants: [bakuk]\nparticipants: [random, greedyy]\ngames: 4\n"
    with pytest.raises(sow.TournamentError) as caught:
        sow.tournament(text=text)
    first = caught.value.messages[0]
    assert (first.severity, first.line) == ("error", 2)
    assert "greedyy" in first.message
    path = tmp_path / "t.yaml"
    path.write_text(text)
    with pytest.raises(sow.TournamentError) as caught:
        sow.tournament(path)
    printed = subprocess.run([sow_bin, "tournament", str(path)], capture_output=True, text=True).stderr
    assert str(caught.value) in printed
    with pytest.raises(sow.TournamentError, match="cannot"):
        sow.tournament(tmp_path / "missing.yaml")
    with pytest.raises(ValueError, match="path or its text"):
        sow.tournament()
    with pytest.raises(ValueError, match=r"^jobs=-1: expected 0 to"):
        sow.tournament(text=text, jobs=-1)


def test_ctrl_c_stops_a_tournament():
    text = "variants: [oware]\nparticipants: [random, greedy]\ngames: 1000000\n"
    timer = threading.Timer(0.5, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        sow.tournament(text=text, jobs=2)
    assert time.monotonic() - start < 5


def test_notebook_display():
    report = sow.tournament(text="variants: [bakuk, koumma]\nparticipants: [random, greedy]\ngames: 10\n", jobs=2)
    html = report._repr_html_()
    assert html.count("<table>") == report.table.count("┌")
    assert "<p>== Bakuk (10 games) ==</p>" in html
    assert "┆" not in html and '<th style="text-align:right">participant</th>' in html
    assert isinstance(report.svg, sow.SVG) and report.svg._repr_svg_() == str(report.svg)


def test_progress():
    seen = []
    text = "variants: [bakuk, koumma]\nparticipants: [random, greedy]\ngames: 50\n"
    sow.tournament(text=text, jobs=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (100, 100)
