"""Random playouts from Python through the bindings, for docs/measured.md.

    python python/benches/playouts.py bakuk --seconds 3

Each playout starts a game and plays random legal moves (`random.Random`, seeded) until it
ends: a pure-Python loop of `legal_moves()`, `random.choice` and `play()`. Prints playouts
and plies per second, to compare with `sow bench VARIANT --seconds 3` (the same loop in Rust).
"""

import argparse
import random
import time

import sow


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", nargs="?", default="bakuk")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    variant = sow.load(args.variant)
    rng = random.Random(args.seed)
    choice = rng.choice
    games = plies = 0
    start = time.perf_counter()
    deadline = start + args.seconds
    while time.perf_counter() < deadline:
        for _ in range(100):
            game = variant.new_game()
            while not game.finished:
                game.play(choice(game.legal_moves()))
            plies += game.plies
            games += 1
    elapsed = time.perf_counter() - start
    print(
        f"{variant.label}: {games} playouts in {elapsed:.2f} s: {games / elapsed:,.0f} playouts/s, "
        f"{plies / elapsed:,.0f} plies/s, {plies / games:.1f} plies a game"
    )


if __name__ == "__main__":
    main()
