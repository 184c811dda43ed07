"""sow.openspiel: the variants as OpenSpiel games, checked by pyspiel, played by its MCTS, and
compared ply by ply with OpenSpiel's own Kalah (`mancala`) and Oware."""

import random
import subprocess
import sys

import pytest

from conftest import ROOT, require

pyspiel = require("pyspiel")

import numpy as np  # noqa: E402  (open-spiel brings it)
from open_spiel.python.algorithms import mcts  # noqa: E402

import sow  # noqa: E402
import sow.openspiel  # noqa: E402


# Variants pyspiel's own checks run on, with how many random games: two and three players,
# stores, a direction to choose (Ô Ăn Quan), hands (Iyogh), passes (Tshuba, Bao), rounds
# (Ô Ăn Quan), a repetition rule (Oware). Iyogh's games run to thousands of plies: few.
SIMULATED = [
    ("bakuk", 20),
    ("bakuk:three-player", 20),
    ("kalah", 20),
    ("oware", 10),
    ("koumma", 20),
    ("o-an-quan", 10),
    ("iyogh", 2),
    ("bao", 10),
    ("tshuba", 10),
]


@pytest.mark.parametrize("name,sims", SIMULATED)
def test_pyspiel_random_sim_test(name, sims):
    game = sow.openspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def random_state(game, rng, plies=None):
    state = game.new_initial_state()
    while not state.is_terminal() and (plies is None or len(state.history()) < plies):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_game_type_and_info():
    game = sow.openspiel.load_game("bakuk:three-player")
    kind = game.get_type()
    assert kind.short_name == "python_sow_bakuk_three_player"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == 3
    variant = sow.load("bakuk:three-player")
    assert game.num_distinct_actions() == len(variant.all_moves())
    assert game.max_game_length() == 1000  # Bakuk's own ply limit
    assert sow.openspiel.load_game("iyogh").max_game_length() == 2500
    assert game.observation_tensor_shape() == [variant.pits + 2 * 3]  # nothing but seeds


def test_kalah_actions_are_pits():
    game = sow.openspiel.load_game("kalah")
    state = game.new_initial_state()
    assert game.num_distinct_actions() == 12
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert [state.action_to_string(0, a) for a in range(12)] == [str(p) for p in range(1, 13)]
    state.apply_action(0)  # pit 1: 4 seeds into pits 2..5
    assert state.current_player() == 1
    assert state.legal_actions() == [6, 7, 8, 9, 10, 11]
    assert str(state) == str(state.sow_game)
    assert str(state).startswith(state.sow_game.board)


def test_observation_tensor_layout():
    game = sow.openspiel.load_game("kalah")
    state = game.new_initial_state()
    assert state.observation_tensor(0) == [4.0] * 12 + [0.0, 0.0] + [1.0, 0.0]
    state.apply_action(2)  # pit 3: the last seed in the store, player 1 moves again
    expected = [4.0, 4.0, 0.0, 5.0, 5.0, 5.0] + [4.0] * 6 + [1.0, 0.0] + [1.0, 0.0]
    assert state.observation_tensor(0) == expected
    assert state.observation_tensor(1) == expected
    state.apply_action(0)  # pit 1: into pits 2..5; player 2 to move
    assert state.observation_tensor(0)[-2:] == [0.0, 1.0]
    assert state.observation_string(0) == str(state)
    observer = game.make_py_observer()
    observer.set_from(state, 1)
    assert list(observer.dict["pits"]) == state.sow_game.pits
    assert list(observer.dict["captured"]) == state.sow_game.captured
    assert list(observer.dict["to_move"]) == [0.0, 1.0]
    over = random_state(game, random.Random(3))
    assert over.observation_tensor(0)[-2:] == [0.0, 0.0]


def test_actions_are_the_legal_moves_and_read_back():
    for name in ["bakuk:three-player", "o-an-quan", "iyogh", "bao", "tshuba"]:
        game = sow.openspiel.load_game(name)
        all_moves = sow.load(name).all_moves()
        rng = random.Random(name)
        for _ in range(3):
            state = game.new_initial_state()
            while not state.is_terminal() and len(state.history()) < 300:
                player = state.current_player()
                actions = state.legal_actions()
                assert actions == sorted(actions)
                written = [state.action_to_string(player, a) for a in actions]
                assert sorted(written) == sorted(state.sow_game.legal_moves())
                assert written == [all_moves[a] for a in actions]
                assert [state.string_to_action(w) for w in written] == actions
                state.apply_action(rng.choice(actions))


def test_serialize_and_clone():
    game = sow.openspiel.load_game("oware")
    rng = random.Random(5)
    for plies in [0, 1, 17, None]:
        state = random_state(game, rng, plies)
        again = game.deserialize_state(state.serialize())
        assert again.history() == state.history()
        assert str(again) == str(state)
        assert again.sow_game.history == state.sow_game.history
        assert again.observation_tensor(0) == state.observation_tensor(0)
        assert again.returns() == state.returns()
    state = random_state(game, rng, 10)
    copy = state.clone()
    before = str(state)
    copy.apply_action(copy.legal_actions()[0])
    assert str(state) == before and len(state.history()) == 10
    assert len(copy.history()) == 11 and copy.sow_game.plies == 11
    assert state.sow_game.plies == 10


def test_registering_again_and_variants_as_objects(tmp_path):
    first = sow.openspiel.load_game("bakuk")
    again = sow.openspiel.load_game(sow.load("bakuk"))
    assert first.get_type().short_name == again.get_type().short_name == "python_sow_bakuk"
    assert str(pyspiel.load_game("python_sow_bakuk")) == str(first)
    path = tmp_path / "mine.sow"
    path.write_text('variant "Mine" extends "kalah" {\n  source "me" at "https://example.org"\n  seeds 3 in each pit\n}\n')
    mine = sow.openspiel.load_game(path)
    name = mine.get_type().short_name
    assert name.startswith("python_sow_mine_")
    assert sow.openspiel.load_game(sow.load(path)).get_type().short_name == name
    assert mine.new_initial_state().observation_tensor(0)[:12] == [3.0] * 12
    text = sow.load_text('variant "Mine" extends "kalah" {\n  source "me" at "https://example.org"\n  seeds 5 in each pit\n}\n')
    other = sow.openspiel.load_game(text)
    assert other.get_type().short_name != name
    assert other.new_initial_state().observation_tensor(0)[:12] == [5.0] * 12
    kalah = sow.openspiel.load_game(ROOT / "variants" / "kalah.sow")
    assert kalah.get_type().short_name.startswith("python_sow_kalah_")


def test_returns_win_and_margin():
    rng = random.Random(11)
    win = sow.openspiel.load_game("bakuk:three-player")
    margin = sow.openspiel.load_game("bakuk:three-player", returns="margin")
    for _ in range(20):
        state = random_state(win, rng)
        game = state.sow_game
        if game.winner is None:
            assert state.returns() == [0.0, 0.0, 0.0]
        else:
            assert state.returns() == [1.0 if p == game.winner - 1 else -0.5 for p in range(3)]
        replayed = margin.deserialize_state(state.serialize())
        scores = game.scores
        returns = replayed.returns()
        assert returns == pytest.approx([s - (sum(scores) - s) / 2 for s in scores])
        assert sum(returns) == pytest.approx(0.0)
    with pytest.raises(ValueError, match="returns must be one of"):
        sow.openspiel.load_game("bakuk", returns="score")


def test_max_game_length_ends_the_game():
    game = sow.openspiel.load_game("oware", max_game_length=10)
    assert game.max_game_length() == 10
    state = random_state(game, random.Random(2))
    assert len(state.history()) == 10
    assert state.is_terminal() and not state.sow_game.finished
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []
    assert state.returns() == [0.0, 0.0]
    margin = sow.openspiel.load_game("oware", max_game_length=10, returns="margin")
    cut = margin.deserialize_state(state.serialize())
    a, b = cut.sow_game.scores
    assert cut.returns() == [a - b, b - a]


def test_import_sow_does_not_import_pyspiel():
    code = "import sys, sow; assert 'pyspiel' not in sys.modules; sow.openspiel; assert 'pyspiel' in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
    missing = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "try:\n    import sow.openspiel\nexcept ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", missing], check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "sow.openspiel needs open-spiel: pip install open-spiel"


def mcts_wins(name, games=20, simulations=20):
    """Games MCTS (random rollouts) wins against a uniform random player, seats alternating."""
    game = sow.openspiel.load_game(name)
    wins = 0
    for i in range(games):
        rs = np.random.RandomState(i)
        bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
        rng = random.Random(i)
        seat = i % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        wins += state.returns()[seat] > 0
    return wins


@pytest.mark.parametrize("name", ["bakuk", "kalah"])
def test_mcts_beats_a_random_player(name):
    # Measured: 17 to 20 of 20 over several seeds (a random player wins about 8 of 20).
    assert mcts_wins(name) >= 15


def play_both(theirs, ours, to_ours, games, seed):
    """Random games played on OpenSpiel's game and ours at once: the same player to move, the
    same legal moves and the same end at every ply, and the same returns. Returns the longest
    game's length."""
    rng = random.Random(seed)
    longest = 0
    for i in range(games):
        a, b = theirs.new_initial_state(), ours.new_initial_state()
        while True:
            where = f"game {i}, after {a.history()}"
            assert a.is_terminal() == b.is_terminal(), where
            if a.is_terminal():
                break
            player = a.current_player()
            assert b.current_player() == player, where
            assert sorted(to_ours(x, player) for x in a.legal_actions()) == b.legal_actions(), where
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(to_ours(action, player))
        assert a.returns() == b.returns(), where
        longest = max(longest, len(a.history()))
    return longest


def test_kalah_agrees_with_openspiels_mancala():
    # OpenSpiel's slots: 0 player 1's store, 1..6 player 0's pits, 7 player 0's store, 8..13
    # player 1's pits; slot s is pit s (player 0) or pit s - 1 (player 1): action s - 1 - p.
    longest = play_both(
        pyspiel.load_game("mancala"), sow.openspiel.load_game("kalah"), lambda s, p: s - 1 - p, 200, 1
    )
    # OpenSpiel ends Kalah after 1001 moves, sow after 1000: no random game comes near.
    assert longest < 500


def test_oware_agrees_with_openspiels_oware():
    # OpenSpiel's action a of player p is the mover's house a: pit 6p + a + 1, action 6p + a.
    longest = play_both(
        pyspiel.load_game("oware"), sow.openspiel.load_game("oware"), lambda a, p: 6 * p + a, 200, 2
    )
    assert longest < 1000


def test_observation_has_what_the_position_holds_besides_the_seeds():
    """Claimed pits (Toguz Kumalak), big stones and the round (Ô Ăn Quan), a paused move
    (Bao) are in the tensor, where the layout says."""
    for name, parts in [
        ("kalah", ["pits", "captured", "to_move"]),
        ("toguz-kumalak", ["pits", "captured", "to_move", "claimed"]),
        ("o-an-quan", ["pits", "captured", "to_move", "big_stones", "stones_won", "out_of_play", "round"]),
        ("bao", ["pits", "captured", "to_move", "pending", "pending_at", "in_hand"]),
    ]:
        variant = sow.load(name)
        layout = variant.observation_layout()
        assert [p for p, _ in layout] == parts
        game = sow.openspiel.load_game(name)
        assert game.observation_tensor_shape() == [sum(n for _, n in layout)]
    rng = random.Random(2)
    seen = set()
    for name in ["toguz-kumalak", "o-an-quan", "bosh", "bao"]:
        game = sow.openspiel.load_game(name)
        observer = game.make_py_observer()
        for _ in range(5):
            state = game.new_initial_state()
            while not state.is_terminal() and len(state.history()) < 400:
                g = state.sow_game
                observer.set_from(state, 0)
                parts = observer.dict
                assert list(parts["pits"]) == g.pits
                if "claimed" in parts:
                    for p in range(2):
                        claimed = [q + 1 for q, x in enumerate(parts["claimed"][p]) if x]
                        assert claimed == g.claimed_pits[p] == g.report["claimed"][p]
                        seen.add("claimed") if claimed else None
                if "big_stones" in parts:
                    assert [q + 1 for q, x in enumerate(parts["big_stones"]) if x] == g.big_stones
                    assert list(parts["stones_won"]) == g.stones_won
                    seen.add("stones_won") if sum(g.stones_won) else None
                if "out_of_play" in parts:
                    assert [q + 1 for q, x in enumerate(parts["out_of_play"]) if x] == g.out_of_play
                    assert list(parts["round"]) == [g.rounds_over, float(g.report["filling"])]
                    seen.add("out_of_play") if g.out_of_play else None
                if "pending" in parts:
                    asked = ["take", "way", "relay", "end", "target", "drop"]
                    expected = [float(g.pending == a) for a in asked]
                    assert list(parts["pending"]) == expected
                    assert g.pending == g.report.get("pending")
                    seen.add("pending") if g.pending else None
                assert state.observation_tensor(0) == list(observer.tensor)
                state.apply_action(rng.choice(state.legal_actions()))
    assert seen == {"claimed", "out_of_play", "stones_won", "pending"}, seen


def test_every_pause_is_in_the_layout():
    """No bundled variant pauses for a choice, claims pits, or has big stones or rounds
    without the part of the tensor that shows it."""
    rng = random.Random(9)
    for name in sow.bundled():
        variant = sow.load(name)
        parts = {p for p, _ in variant.observation_layout()}
        for _ in range(3):
            game = variant.new_game()
            while not game.finished and game.plies < 150:
                report = game.report
                if "pending" in report:
                    assert "pending" in parts, name
                if "claimed" in report:
                    assert "claimed" in parts, name
                if "rounds_over" in report:
                    assert "round" in parts and "out_of_play" in parts, name
                if game.big_stones:
                    assert "big_stones" in parts, name
                assert len(game.observation()) == sum(n for _, n in variant.observation_layout())
                game.play(rng.choice(game.legal_moves()))
