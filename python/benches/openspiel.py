"""sow's variants through OpenSpiel against OpenSpiel's own C++ games, for docs/measured.md.

    python python/benches/openspiel.py --seconds 3

Random playouts driven from Python (`state.legal_actions()`, `random.choice`,
`state.apply_action()` until the state is terminal) of OpenSpiel's `mancala` and sow's `kalah`,
and of both `oware`s, through pyspiel; then OpenSpiel's MCTSBot (random rollouts) choosing the
first 40 moves of a game with 200 simulations a move, on each Kalah.
"""

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import sow.openspiel


def playouts(game, seconds: float) -> float:
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        games += 1
    return games / (time.perf_counter() - start)


def mcts_move_ms(game, simulations: int = 200, moves: int = 40) -> float:
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    state = game.new_initial_state()
    made = 0
    start = time.perf_counter()
    while not state.is_terminal() and made < moves:
        state.apply_action(bot.step(state))
        made += 1
    return (time.perf_counter() - start) / made * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    for theirs, ours in [("mancala", "kalah"), ("oware", "oware")]:
        a = playouts(pyspiel.load_game(theirs), args.seconds)
        b = playouts(sow.openspiel.load_game(ours), args.seconds)
        print(f"random playouts a second: OpenSpiel {theirs} {a:,.0f}, sow {ours} {b:,.0f} ({b / a:.2f})")
    a = mcts_move_ms(pyspiel.load_game("mancala"))
    b = mcts_move_ms(sow.openspiel.load_game("kalah"))
    print(f"MCTSBot, 200 simulations: {a:.1f} ms a move on OpenSpiel's mancala, {b:.1f} on sow's kalah")


if __name__ == "__main__":
    main()
