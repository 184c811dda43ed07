"""The engine from Python: loading variants, their errors, games and their moves."""

import copy
import json
import random
import subprocess

import pytest

import sow

from conftest import ROOT


def random_game(variant: sow.Variant, rng: random.Random) -> sow.Game:
    game = variant.new_game()
    while not game.finished:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_load_bundled():
    bakuk = sow.load("bakuk")
    assert bakuk.name == "Bakuk"
    assert bakuk.ruleset is None
    assert bakuk.players == 2
    assert bakuk.pits == 6
    assert not bakuk.has_stores
    assert "three-player" in bakuk.rulesets
    assert "bakuk" in sow.bundled()
    assert repr(bakuk) == "<sow.Variant Bakuk>"
    assert bakuk.reference == "bakuk"
    assert sow.load("bakuk:valdez").reference == "bakuk"


def test_rulesets_by_argument_or_colon():
    three = sow.load("bakuk", ruleset="three-player")
    assert three.players == 3
    assert three.ruleset == "three-player"
    assert three.label == "Bakuk:three-player"
    assert sow.load("bakuk:three-player").players == 3
    with pytest.raises(ValueError, match="two rulesets"):
        sow.load("bakuk:three-player", ruleset="valdez")


def test_load_path(tmp_path):
    path = ROOT / "variants" / "kalah.sow"
    assert sow.load(path).name == "Kalah"
    assert sow.load(str(path)).has_stores


def test_unknown_variant():
    with pytest.raises(sow.VariantError) as caught:
        sow.load("bakk")
    error = caught.value
    assert str(error).startswith("error: unknown variant `bakk`")
    assert "did you mean `bakuk`?" in str(error)
    [message] = error.messages
    assert message.severity == "error"
    assert message.message == "unknown variant `bakk`"
    assert message.line is None
    assert str(message) == message.rendered


def test_mistakes_are_located_and_rendered_as_the_program_does():
    text = 'variant "X" extends kalah {\n  seeds 4 in each pit\n}\n'
    with pytest.raises(sow.VariantError) as caught:
        sow.load_text(text, name="mine.sow")
    error = caught.value
    [message] = error.messages
    assert (message.file, message.line, message.column) == ("mine.sow", 1, 21)
    assert message.rendered.splitlines()[:4] == [
        "error: unexpected word `kalah`",
        " --> mine.sow:1:21",
        "  |",
        '1 | variant "X" extends kalah {',
    ]
    assert str(error) == message.rendered.rstrip("\n")


TWO_MISTAKES = """variant "Mine" extends "kalah" {
  source "me" at "https://example.org"
  players 2 {
    player 3 owns the south row
    player 4 owns the north row
    player 1 starts
  }
}
"""


def test_every_message_is_carried():
    with pytest.raises(sow.VariantError) as caught:
        sow.load_text(TWO_MISTAKES, name="mine.sow")
    messages = caught.value.messages
    assert [(m.message, m.line, m.column) for m in messages[:2]] == [
        ("there is no player 3", 4, 12),
        ("there is no player 4", 5, 12),
    ]
    assert str(caught.value) == "\n".join(m.rendered for m in messages).rstrip("\n")


def test_errors_read_as_the_program_prints_them(tmp_path, sow_bin):
    path = tmp_path / "mine.sow"
    path.write_text(TWO_MISTAKES)
    printed = subprocess.run([sow_bin, "check", str(path)], capture_output=True, text=True)
    assert printed.returncode != 0
    with pytest.raises(sow.VariantError) as caught:
        sow.load(path)
    assert str(caught.value) == (printed.stdout + printed.stderr).rstrip("\n")


def test_load_text_extends_a_bundled_variant():
    text = 'variant "Mine" extends "kalah" {\n  source "me" at "https://example.org"\n  seeds 3 in each pit\n}\n'
    mine = sow.load_text(text)
    assert mine.name == "Mine"
    assert mine.new_game().pits == [3] * 12


def test_describe():
    text = sow.load("bakuk").describe()
    assert text.startswith("Bakuk\n=====\n")


def test_new_game():
    game = sow.load("bakuk").new_game()
    assert game.pits == [6] * 6
    assert game.captured == [0, 0]
    assert game.stores is None
    assert game.scores == [0, 0]
    assert game.to_move == 1
    assert game.plies == 0
    assert game.legal_moves() == ["1", "2", "3"]
    assert not game.finished
    assert game.winner is None and game.result is None and game.end is None
    assert game.history == []


def test_stores():
    game = sow.load("kalah").new_game()
    assert game.stores == [0, 0]
    game.play("3")  # 4 seeds from pit 3: the last falls into the store, and player 1 goes on
    assert game.stores == [1, 0]
    assert game.to_move == 1


def test_play_and_illegal_moves():
    game = sow.load("bakuk").new_game()
    game.play("1")
    assert game.history == ["1"]
    assert game.to_move == 2
    with pytest.raises(ValueError, match="not a pit"):
        game.play("99")
    with pytest.raises(ValueError):
        game.play("1")  # player 2 does not own pit 1
    with pytest.raises(ValueError):
        game.play("one")
    assert game.history == ["1"]  # nothing was played


def test_moves_as_pit_numbers_and_bad_arguments_in_python_words():
    game = sow.load("bakuk").new_game()
    game.play(2)  # a pit's number, as "2"
    game.play(move="5")
    assert game.history == ["2", "5"]
    with pytest.raises(TypeError, match=r"a move is a text in the notation .* not float"):
        game.play(2.0)
    with pytest.raises(TypeError, match="not bool"):
        game.play(True)
    with pytest.raises(ValueError, match="not a pit"):
        game.play(99)
    with pytest.raises(ValueError, match="-1"):
        game.play(-1)
    with pytest.raises(ValueError, match=r"action -1: the variant numbers its moves 0 to 5"):
        game.play_action(-1)
    with pytest.raises(ValueError, match=r"action=10{40}: far too large"):
        game.play_action(10**40)
    assert game.history == ["2", "5"]
    bakuk = sow.load("bakuk")
    with pytest.raises(ValueError, match=r"pits: pit 3 holds -1 seeds: a pit holds 0 to 255"):
        bakuk.position([1, 2, -1, 0, 0, 0])
    with pytest.raises(ValueError, match=r"pits: pit 1 holds 300 seeds"):
        bakuk.position([300, 0, 0, 0, 0, 0])
    with pytest.raises(ValueError, match=r"to_move=-1: there is no such player; players are numbered 1 to 2"):
        bakuk.position([1] * 6, to_move=-1)
    with pytest.raises(TypeError, match="to_move: expected a whole number, not str"):
        bakuk.position([1] * 6, to_move="2")


def test_board_status_and_report_are_properties():
    game = sow.load("bakuk").new_game()
    assert isinstance(game.board, str) and isinstance(game.status, str)
    assert isinstance(game.report, dict)
    game.play(1)
    assert game.report["plies"] == 1 and game.report["pits"] == game.pits


def test_game_over_refuses_moves():
    game = random_game(sow.load("bakuk"), random.Random(1))
    assert game.finished
    assert game.to_move is None
    assert game.legal_moves() == []
    assert game.result in ("win", "draw")
    assert (game.winner is None) == (game.result == "draw")
    with pytest.raises(ValueError):
        game.play("1")


def test_clone_is_independent():
    game = sow.load("oware").new_game()
    game.play("1")
    other = game.clone()
    other.play(other.legal_moves()[0])
    assert game.plies == 1 and other.plies == 2
    assert game.history == ["1"]
    for copied in (copy.copy(game), copy.deepcopy(game)):
        copied.play(copied.legal_moves()[0])
        assert game.plies == 1


def test_position():
    bakuk = sow.load("bakuk")
    game = bakuk.position([0, 2, 1, 0, 3, 1], to_move=2)
    assert game.pits == [0, 2, 1, 0, 3, 1]
    assert game.to_move == 2
    with pytest.raises(ValueError, match="all 6 pits"):
        bakuk.position([1, 2, 3])
    with pytest.raises(ValueError, match="no player 0"):
        bakuk.position([0] * 6, to_move=0)
    with pytest.raises(ValueError, match="no player 3"):
        bakuk.position([0] * 6, to_move=3)


def test_str_is_the_board_and_status():
    game = sow.load("bakuk").new_game()
    text = str(game)
    assert text.startswith(game.board)
    assert text.endswith(game.status)
    assert "player 1 to move" in game.status
    assert repr(game).startswith("<sow.Game Bakuk after 0 plies, player 1 to move")


def test_report_has_the_keys_of_the_program():
    report = sow.load("kalah").new_game().report
    assert report["pits"] == [4] * 12
    assert report["stores"] == [0, 0]
    assert report["to_move"] == 1
    assert report["legal_moves"] == ["1", "2", "3", "4", "5", "6"]


@pytest.mark.parametrize("name", ["bakuk", "kalah", "oware", "leb-bbut-ahbochen", "bao", "toguz-kumalak"])
def test_random_games_agree_with_the_program(name, sow_bin):
    """Games played from Python end as `sow play --moves ... --format json` says they do
    (Oware and Leb-bbut-ahbochen end on a repeated position: the bindings keep the positions
    the rule compares)."""
    variant = sow.load(name)
    rng = random.Random(name)
    for _ in range(5):
        game = random_game(variant, rng)
        moves = ",".join(game.history)
        out = subprocess.run(
            [sow_bin, "play", name, "--moves", moves, "--format", "json"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        assert json.loads(out) == game.report


@pytest.mark.parametrize("name", ["oware", "leb-bbut-ahbochen"])
def test_repetition_ends_as_in_the_program(name, sow_bin):
    """A game that ends on a repeated position ends at the same ply as the program's."""
    variant = sow.load(name)
    rng = random.Random(7)
    for _ in range(300):
        game = random_game(variant, rng)
        if game.end == "repetition":
            break
    else:
        pytest.fail(f"no random game of {name} ended on a repeated position")
    out = subprocess.run(
        [sow_bin, "play", name, "--moves", ",".join(game.history), "--format", "json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert json.loads(out) == game.report


def test_ply_limit_and_fingerprint():
    assert sow.load("bosh").ply_limit == 5000
    assert sow.load("bakuk").fingerprint == sow.load("bakuk").fingerprint
    assert sow.load("bakuk").fingerprint != sow.load("bakuk:valdez").fingerprint
    same = sow.load_text('variant "Again" extends "bakuk" { source "a test" }')
    assert same.fingerprint == sow.load("bakuk").fingerprint
    assert len(same.fingerprint) == 16


def test_version_and_dir():
    import importlib.metadata

    assert sow.__version__ == importlib.metadata.version("sow")
    names = dir(sow)
    assert "Any" not in names and "io" not in names and "json" not in names and "os" not in names
    assert set(sow.__all__) <= set(names)
    assert "__version__" in names and "openspiel" in names


def test_pickling_round_trips(tmp_path):
    import pickle

    bakuk = sow.load("bakuk:three-player")
    again = pickle.loads(pickle.dumps(bakuk))
    assert (again.label, again.reference, again.fingerprint) == (bakuk.label, "bakuk", bakuk.fingerprint)
    path = tmp_path / "mine.sow"
    path.write_text('variant "Mine" extends "kalah" {\n  source "me" at "https://example.org"\n  seeds 3 in each pit\n}\n')
    text = sow.load_text(path.read_text().replace("3 in", "5 in"), name="five.sow")
    for variant in (sow.load(path), text):
        back = pickle.loads(pickle.dumps(variant))
        assert (back.label, back.fingerprint, back.reference) == (variant.label, variant.fingerprint, variant.reference)
        assert back.new_game().pits == variant.new_game().pits
    # A file changed since the pickle is not read back as the variant pickled.
    pickled = pickle.dumps(sow.load(path))
    path.write_text(path.read_text().replace("3 in", "4 in"))
    with pytest.raises(ValueError, match="has changed since"):
        pickle.loads(pickled)
    # A game: its variant, its start (a position given by hand too) and its moves; a game of
    # Oware read back remembers the positions the rule of repetition compares.
    rng = random.Random(4)
    for game in (
        random_game(sow.load("oware"), rng),
        bakuk.new_game(),
        sow.load("bakuk").position([0, 2, 1, 0, 3, 1], to_move=2),
    ):
        for _ in range(3):
            if not game.finished:
                game.play(rng.choice(game.legal_moves()))
        back = pickle.loads(pickle.dumps(game))
        assert back.report == game.report and back.history == game.history
        assert str(back) == str(game)
        while not game.finished:
            move = rng.choice(game.legal_moves())
            game.play(move)
            back.play(move)
            assert back.report == game.report


def test_games_in_other_processes():
    import concurrent.futures
    import multiprocessing

    variant = sow.load("bakuk")
    games = []
    for seed in range(4):
        game = variant.new_game()
        game.play(random.Random(seed).choice(game.legal_moves()))
        games.append(game)
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        played = list(pool.map(finish, games))
    for game, back in zip(games, played):
        assert back.history[:1] == game.history and back.finished
        assert back.variant == "Bakuk"


def finish(game: sow.Game) -> sow.Game:
    while not game.finished:
        game.play(game.legal_moves()[0])
    return game
