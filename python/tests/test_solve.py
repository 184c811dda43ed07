"""Solutions from Python: the report of `sow solve --format json`, values of any position of
the table, the perfect player, Ctrl-C."""

import _thread
import json
import random
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
