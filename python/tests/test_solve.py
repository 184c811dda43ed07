"""Solutions from Python: the report of `sow solve --format json`, values of any position of
the table, the perfect player, Ctrl-C."""

import _thread
import json
import os
import random
import re
import subprocess
import threading
import time

import pytest

import sow


def program_report(sow_bin, *args):
    out = subprocess.run(
        [sow_bin, "solve", *args, "--method", "table", "--format", "json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)


@pytest.mark.parametrize("name", ["bakuk", "koumma", "tihbat"])
def test_same_report_as_the_program(name, sow_bin):
    solution = sow.solve(name, jobs=2)
    assert solution.report == program_report(sow_bin, name)
    assert solution.value == solution.report["value"]
    assert solution.winner == solution.report["winner"]
    assert list(solution.openings.items()) == [
        (m["move"], m["value"]) for m in solution.report["openings"]
    ]
    assert solution.principal_variation == solution.report["principal_variation"]
    assert solution.positions == solution.report["positions"]["positions"]


def test_from_a_position_and_every_distribution(sow_bin):
    bakuk = sow.load("bakuk")
    start = bakuk.position([0, 2, 1, 0, 3, 1], to_move=2)
    solution = sow.solve(bakuk, start=start)
    assert solution.report == program_report(sow_bin, "bakuk", "--position", "0,2,1,0,3,1", "--to-move", "2")
    # A table of every distribution values any position; one of what the start reaches not.
    strong = sow.solve(bakuk, strong=True, jobs=2)
    assert strong.value_of(start) == solution.value
    reached = sow.solve(bakuk)
    with pytest.raises(ValueError, match="not in the table"):
        reached.value_of(bakuk.position([0, 2, 1, 0, 3, 1], to_move=1))
    assert strong.positions > reached.positions


def test_every_distribution_as_the_program(sow_bin):
    strong = sow.solve("tihbat", strong=True)
    assert strong.report == program_report(sow_bin, "tihbat", "--strong")
    assert strong.report["positions"] != strong.report["reachable"]


def test_values_agree_with_the_moves_along_random_games():
    bakuk = sow.load("bakuk")
    solution = sow.solve(bakuk)
    rng = random.Random(3)
    checked = 0
    for _ in range(30):
        game = bakuk.new_game()
        while not game.finished:
            values = solution.move_values(game)
            assert sorted(values) == sorted(game.legal_moves())
            assert list(values.values()) == sorted(values.values(), reverse=True)
            best = max(values.values())
            assert solution.value_of(game) == best
            assert values[solution.best_move(game)] == best
            assert solution(game) == solution.best_move(game)
            checked += 1
            game.play(rng.choice(game.legal_moves()))
        assert solution.best_move(game) is None
        assert solution.move_values(game) == {}
    assert checked > 200
    # The start's value is the report's.
    assert solution.value_of(bakuk.new_game()) == solution.value


@pytest.mark.parametrize("name", ["bakuk", "koumma"])
def test_the_perfect_player_wins_at_least_the_value(name):
    """Playing the winner's seat perfectly against random moves wins by the value or more."""
    variant = sow.load(name)
    solution = sow.solve(variant)
    assert solution.winner is not None
    rng = random.Random(11)
    for _ in range(40):
        game = variant.new_game()
        while not game.finished:
            if game.to_move == solution.winner:
                game.play(solution(game))
            else:
                game.play(rng.choice(game.legal_moves()))
        w = solution.winner - 1
        margin = game.scores[w] - game.scores[1 - w]
        assert margin >= abs(solution.value), (game.history, game.scores)
        assert game.winner == solution.winner


def test_refusals():
    with pytest.raises(ValueError, match="players"):
        sow.solve("bakuk:three-player")
    solution = sow.solve("bakuk")
    with pytest.raises(ValueError, match="a game of Koumma"):
        solution.value_of(sow.load("koumma").new_game())
    with pytest.raises(ValueError, match="jobs=0"):
        sow.solve("bakuk", jobs=0)
    with pytest.raises(ValueError, match="jobs=-2"):
        sow.solve("bakuk", jobs=-2)
    with pytest.raises(sow.VariantError):
        sow.solve("no-such-variant")


# The audit's board (issue 36): 4 rows of 2 pits, relays whose way the mover chooses. The
# solver panicked on it; now it is refused with the rule's line, as `sow solve` refuses it.
CHOSEN_RELAY = """variant "Small four rows" {
  source "test"
  board 4 rows of 2 pits, no stores
  seeds 2 in each pit
  players 2 {
    player 1 owns the two south rows
    player 2 owns the two north rows
    player 1 starts
  }
  sowing {
    either way, as the mover chooses
    a relay sows as a move from its pit would
    relay when the last seed falls into an occupied pit
    first seed into the next pit
    laps sow into the emptied pit
  }
  capture {
    when the last pit holds 1 and is in the mover's inner row: take the opposite pit and the pit behind it
  }
  end {
    player to move cannot move: they pass
    leftover seeds: nobody
  }
}"""


def test_rules_a_table_cannot_value_are_refused_at_their_line():
    variant = sow.load_text(CHOSEN_RELAY)
    with pytest.raises(ValueError, match=r"a relay sows as a move from its pit would.*:\d+:\d+"):
        sow.solve(variant)
    with pytest.raises(ValueError, match="player to move cannot move: they pass before the last stage"):
        sow.solve("quela")


def test_ctrl_c_stops_a_solve():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        sow.solve("um-ed-dyar", jobs=2)
    assert time.monotonic() - start < 5


def test_a_game_of_rounds_is_solved_to_the_end_of_its_first_round(sow_bin, tmp_path):
    path = tmp_path / "small.sow"
    path.write_text('variant "Small rounds" extends "bosh" {\n  source "a test"\n  seeds 1 in each pit\n}\n')
    variant = sow.load(path)
    solution = sow.solve(variant)
    assert solution.first_round and solution.report["first_round"]
    assert solution.report == program_report(sow_bin, str(path))
    past = 0
    for seed in range(20):
        game = variant.new_game()
        rng = random.Random(seed)
        while not game.finished and not game.report.get("rounds_over"):
            assert solution.value_of(game) == max(solution.move_values(game).values())
            game.play(rng.choice(game.legal_moves()))
        if not game.finished:
            past += 1
            with pytest.raises(ValueError, match="first round"):
                solution.best_move(game)
    assert past > 0, "some games went past their first round"


def test_progress():
    seen = []
    solution = sow.solve("bakuk", jobs=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (solution.positions, None)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    seen = []
    strong = sow.solve("tihbat", strong=True, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (strong.positions, strong.positions)

    def stop(done, total):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        sow.solve("um-ed-dyar", jobs=2, progress=stop)


# Kalah on a board small enough that a table solves it too, to compare the search with.
SMALL_KALAH = """variant "Small Kalah" extends "kalah" {
  source "a test"
  board 2 rows of 4 pits, one store per player
  seeds 3 in each pit
}
"""


def test_search_reports_as_the_program(sow_bin, tmp_path):
    path = tmp_path / "small-kalah.sow"
    path.write_text(SMALL_KALAH)
    searched = sow.solve(path, method="search", endgame=8)
    # The package's search keeps no endgame database on disk: the program is asked to keep
    # none either (and, whatever it does, never in the user's cache).
    out = subprocess.run(
        [
            sow_bin, "solve", str(path), "--method", "search", "--endgame", "8",
            "--endgame-disk", "0", "--format", "json",
        ],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")},
    ).stdout
    program = json.loads(out)
    timing = ("seconds", "endgame_seconds")
    ours = {k: v for k, v in searched.report.items() if k != "search"}
    assert ours == {k: v for k, v in program.items() if k != "search"}
    assert {k: v for k, v in searched.report["search"].items() if k not in timing} == {
        k: v for k, v in program["search"].items() if k not in timing
    }
    assert searched.method == "search" and searched.complete and searched.positions is None
    assert searched.bounds == (searched.value, searched.value)
    assert searched.report["search"]["endgame_seeds"] == 8
    assert repr(searched).endswith(f"wins by {abs(searched.value)}, by search>")
    # The table's value is the search's, and so are the best moves' values.
    table = sow.solve(path)
    assert table.method == "table" and (searched.value, searched.winner) == (table.value, table.winner)
    assert searched.best_moves == table.best_moves
    exact = [m["move"] for m in searched.report["openings"] if m.get("exact", True)]
    for move in exact:
        assert searched.openings[move] == table.openings[move]
    # Every other move is worth no more than the search says.
    for move, most in searched.openings.items():
        assert table.openings[move] <= most


def test_a_search_values_and_plays_any_position_of_the_game(tmp_path):
    path = tmp_path / "small-kalah.sow"
    path.write_text(SMALL_KALAH)
    variant = sow.load(path)
    searched = sow.solve(variant, method="search", endgame=6)
    table = sow.solve(variant)
    for seed in range(10):
        rng = random.Random(seed)
        game = variant.new_game()
        while not game.finished:
            assert searched.value_of(game) == table.value_of(game)
            best = searched(game)
            assert table.move_values(game)[best] == table.value_of(game)
            game.play(best if seed % 2 == game.to_move % 2 else rng.choice(game.legal_moves()))
        assert searched.best_move(game) is None
    with pytest.raises(ValueError, match="move_values: a search proves the value of a position"):
        searched.move_values(variant.new_game())
    with pytest.raises(ValueError, match="a game of Bakuk"):
        searched.value_of(sow.load("bakuk").new_game())


def test_a_time_limit_stops_a_search_with_what_it_proved():
    stopped = sow.solve("kalah:empty-capture", method="search", endgame=0, time_limit=0.3)
    assert not stopped.complete
    assert stopped.value is None and stopped.winner is None and stopped.principal_variation == []
    low, high = stopped.bounds
    assert low <= high
    assert set(stopped.report) == {"variant", "ruleset", "position", "to_move", "search"}
    assert stopped.report["search"]["complete"] is False
    assert (stopped.report["search"]["value_at_least"], stopped.report["search"]["value_at_most"]) == (low, high)
    assert repr(stopped) == f"<sow.Solution Kalah:empty-capture: stopped, the value between {low} and {high}>"
    # A table stopped by its time limit has no value at all.
    with pytest.raises(ValueError, match="the time limit ran out before the table of Um ed-Dyar was complete"):
        sow.solve("um-ed-dyar", jobs=2, time_limit=0.2)


def test_search_progress_counts_the_positions_searched():
    seen = []
    searched = sow.solve("kalah", method="search", endgame=0, time_limit=1, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][1] is None
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert seen[-1][0] <= searched.report["search"]["nodes"]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"method": "guess"}, "method='guess': expected 'table' or 'search'"),
        ({"method": "search", "strong": True}, "strong=True is for a table"),
        ({"endgame": 8}, "endgame= sizes the tables of a search, and this is solved by a table: add method='search'"),
        ({"memory": 2**20}, "memory= sizes the tables of a search"),
        ({"method": "search", "memory": 0}, "memory=0: expected 1 to"),
        ({"method": "search", "endgame": -1}, "endgame=-1"),
        ({"method": "search", "memory": 2**49}, "memory=562949953421312: this machine has"),
        ({"time_limit": 0}, "time_limit=0: expected seconds above 0"),
        ({"time_limit": "soon"}, "time_limit=soon: expected seconds above 0"),
    ],
)
def test_search_arguments_refused_in_python_words(kwargs, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        sow.solve("bakuk", **kwargs)


def test_a_search_refuses_what_it_cannot_value():
    with pytest.raises(ValueError, match="game over when a position repeats"):
        sow.solve("oware", method="search")
