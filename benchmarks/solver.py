"""Benchmark the endgame solver: time and nodes per second for 3..8 cards per hand.

Random deals from a seeded shuffle of the two decks; prints figures, asserts nothing.
Run: ``.venv/bin/python benchmarks/solver.py [--sizes 3 4 5 6 7 8] [--deals 5] [--seed 1]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from shengji_kit.engine import full_deck
from shengji_kit.solver import Position, solve

LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def random_position(rng: random.Random, size: int, rules: str) -> Position:
    """A random endgame: ``size`` cards per hand and a kitty of 8 from one shuffled double deck."""
    deck = full_deck()
    rng.shuffle(deck)
    hands = {str(seat): [card.code for card in deck[seat * size : (seat + 1) * size]] for seat in range(4)}
    kitty = [card.code for card in deck[4 * size : 4 * size + 8]]
    return Position.from_dict(
        {
            "rules": rules,
            "level": rng.choice(LEVELS),
            "trump": rng.choice(("S", "H", "C", "D", "none")),
            "dealer": rng.randrange(4),
            "leader": rng.randrange(4),
            "hands": hands,
            "kitty": kitty,
            "points": 0,
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[3, 4, 5, 6, 7, 8])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="super_tycoon")
    args = parser.parse_args()
    print(f"{'cards':>5} {'deals':>5} {'mean s':>8} {'max s':>8} {'mean nodes':>11} {'nodes/s':>9}")
    for size in args.sizes:
        rng = random.Random(args.seed * 1000 + size)
        times: list[float] = []
        nodes: list[int] = []
        for _ in range(args.deals):
            position = random_position(rng, size, args.rules)
            started = time.perf_counter()
            solution = solve(position)
            times.append(time.perf_counter() - started)
            nodes.append(solution.nodes)
        rate = sum(nodes) / sum(times)
        print(
            f"{size:>5} {args.deals:>5} {statistics.mean(times):>8.3f} {max(times):>8.3f} "
            f"{statistics.mean(nodes):>11.0f} {rate:>9.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
