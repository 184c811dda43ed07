"""Random playouts per second of OpenSpiel's hand-written C++ Kalah and Oware.

pyspiel's RandomRolloutEvaluator plays its rollouts in C++, but pyspiel binds no method to call
it directly: an MCTSBot of one simulation asks it once, at the start position, for N rollouts to
the end of the game, so one call from Python plays N games in C++. Used for the side-by-side
figures in docs/measured.md:

    python -m venv venv && venv/bin/pip install open-spiel
    venv/bin/python benches/openspiel_rollouts.py [ROLLOUTS] [RUNS]
"""

import sys
import time

import pyspiel


def rate(game_name: str, rollouts: int) -> float:
    game = pyspiel.load_game(game_name)
    evaluator = pyspiel.RandomRolloutEvaluator(rollouts, 1)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, 1, 1000, False, 1, False)
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.step(state)
    return rollouts / (time.perf_counter() - start)


def main() -> None:
    rollouts = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for name in ("mancala", "oware"):
        rates = sorted(rate(name, rollouts) for _ in range(runs))
        listed = ", ".join(f"{r:,.0f}" for r in rates)
        print(f"{name}: {rollouts:,} rollouts x {runs}: {listed} per second (median {rates[runs // 2]:,.0f})")


if __name__ == "__main__":
    main()
