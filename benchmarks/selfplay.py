"""Print self-play speed: rounds per second for RandomBot and RuleBot tables (one core).

Run: ``.venv/bin/python benchmarks/selfplay.py [--rounds N] [--rules classic]``.
The target is at least 200 RandomBot rounds per second; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import time

from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot, play_round
from shengji_kit.game.deal import derived_seed


def bot_factory(name: str, seed: int) -> object:
    if name == "random":
        return RandomBot(seed)
    from shengji_kit.game.bots.rule import RuleBot

    return RuleBot(seed)


def rounds_per_second(bot: str, rounds: int, rules: str, seed: int) -> float:
    """Play ``rounds`` independent round-1 deals with four bots of one kind."""
    bots = [bot_factory(bot, derived_seed(seed, 1000 + seat)) for seat in range(4)]
    start = time.perf_counter()
    for index in range(rounds):
        rnd = Round.new(derived_seed(seed, index), rules)
        play_round(rnd, bots)  # type: ignore[arg-type]
    return rounds / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--rules", default="super_tycoon")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random,rule")
    args = parser.parse_args()
    for bot in args.bots.split(","):
        count = args.rounds if bot == "random" else max(1, args.rounds // 5)
        speed = rounds_per_second(bot, count, args.rules, args.seed)
        print(f"{bot:>6} self-play, {args.rules}: {speed:7.1f} rounds/s over {count} rounds")


if __name__ == "__main__":
    main()
