"""Benchmark the endgame solver: time and nodes per second for 3..8 cards per hand.

Two families of seeded random endgames, several per size:
  deal   cards dealt from a shuffled double deck (what a real round leaves, roughly);
  dense  only trumps and one side suit are dealt, so hands are full of pairs and ruffs (harder).
Prints figures (wall time of ``solve``, which also finds every best lead and an optimal line);
asserts nothing. With ``--grade`` it also values every distinct lead of the position the way a lesson
grades a learner's play: once with a fresh search per lead (full window, as before issue 40), once with
``solver.play_values``' shared searcher (null-window tests, one table for the whole deal).
Run: ``.venv/bin/python benchmarks/solver.py [--family deal|dense|both] [--sizes 3 4 5 6] [--deals 5]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from shengji_kit.engine import Card, Trump, full_deck
from shengji_kit.solver import Position, solve
from shengji_kit.solver.play_values import PlayValues
from shengji_kit.solver.search import INFINITY, NO_KEY
from shengji_kit.solver.solve import searcher_for, start_hands

LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "C", "D")
DEFAULT_SIZES = {"deal": [3, 4, 5, 6, 7, 8], "dense": [3, 4, 5, 6, 7]}


def random_position(rng: random.Random, size: int, rules: str, family: str = "deal") -> Position:
    """A random endgame: ``size`` cards per hand and a kitty of 8 from one shuffled deck."""
    level = rng.choice(LEVELS)
    trump = rng.choice((*SUITS, "none"))
    deck: list[Card] = full_deck()
    if family == "dense":
        context = Trump(level, trump)
        kept = {"T", rng.choice(SUITS)}
        deck = [card for card in deck if context.suit_of(card) in kept]
    rng.shuffle(deck)
    hands = {str(seat): [card.code for card in deck[seat * size : (seat + 1) * size]] for seat in range(4)}
    kitty = [card.code for card in deck[4 * size : 4 * size + 8]]
    return Position.from_dict(
        {
            "rules": rules,
            "level": level,
            "trump": trump,
            "dealer": rng.randrange(4),
            "leader": rng.randrange(4),
            "hands": hands,
            "kitty": kitty,
            "points": 0,
        }
    )


def grade_each_lead(position: Position) -> tuple[float, float]:
    """Seconds to value every distinct lead: a fresh full-window search each, then the shared searcher."""
    searcher = searcher_for(position)
    hands = start_hands(position)
    leads = searcher.leads(hands, position.leader, searcher.classes(hands))
    started = time.perf_counter()
    fresh = []
    for lead in leads:
        alone = searcher_for(position)
        classes = alone.classes(hands)
        fresh.append(alone.after_play(hands, position.leader, (), 0, NO_KEY, lead, -INFINITY, INFINITY, classes))
    middle = time.perf_counter()
    PlayValues().clear()
    values = PlayValues()
    shared = [values.play_value(position, (), lead) - position.points for lead in leads]
    ended = time.perf_counter()
    assert shared == fresh, "the shared searcher must give the fresh searches' values"
    return middle - started, ended - middle


def run_grading(sizes: list[int], deals: int, seed: int, rules: str) -> None:
    """Value every lead of ``deals`` positions per size both ways; one line of figures per size."""
    print(f"every lead valued, rules {rules}, {deals} deals per size, seed {seed}")
    print(f"{'cards':>5} {'fresh mean s':>13} {'fresh max s':>12} {'shared mean s':>14} {'shared max s':>13}")
    for size in sizes:
        rng = random.Random(f"{seed}-deal-{size}")
        fresh, shared = zip(*(grade_each_lead(random_position(rng, size, rules)) for _ in range(deals)), strict=True)
        print(
            f"{size:>5} {statistics.mean(fresh):>13.3f} {max(fresh):>12.3f} "
            f"{statistics.mean(shared):>14.3f} {max(shared):>13.3f}",
            flush=True,
        )


def run_family(family: str, sizes: list[int], deals: int, seed: int, rules: str) -> None:
    """Solve ``deals`` positions per size and print one line of figures per size."""
    print(f"family {family!r}, rules {rules}, {deals} deals per size, seed {seed}")
    print(f"{'cards':>5} {'mean s':>8} {'median s':>9} {'max s':>8} {'mean nodes':>11} {'nodes/s':>9}")
    for size in sizes:
        rng = random.Random(f"{seed}-{family}-{size}")
        times: list[float] = []
        nodes: list[int] = []
        for _ in range(deals):
            position = random_position(rng, size, rules, family)
            started = time.perf_counter()
            solution = solve(position)
            times.append(time.perf_counter() - started)
            nodes.append(solution.nodes)
        rate = sum(nodes) / sum(times)
        print(
            f"{size:>5} {statistics.mean(times):>8.3f} {statistics.median(times):>9.3f} {max(times):>8.3f} "
            f"{statistics.mean(nodes):>11.0f} {rate:>9.0f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", help="cards per hand (default 3-8; dense 3-7)")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="super_tycoon", choices=("super_tycoon", "classic"))
    parser.add_argument("--family", default="both", choices=("deal", "dense", "both"))
    parser.add_argument("--grade", action="store_true", help="also value every lead, fresh and shared")
    args = parser.parse_args()
    families = ("deal", "dense") if args.family == "both" else (args.family,)
    for family in families:
        sizes = args.sizes or DEFAULT_SIZES[family]
        run_family(family, sizes, args.deals, args.seed, args.rules)
        print()
    if args.grade:
        run_grading(args.sizes or DEFAULT_SIZES["deal"], args.deals, args.seed, args.rules)


if __name__ == "__main__":
    main()
