"""Benchmark puzzle mining: puzzles kept per CPU-minute, and the share of decisions each rule rejects.

Plays seeded rounds with bots (the coach's tiers, as ``shengji-kit puzzles mine``), judges every
decision with at most ``MAX_CARDS`` cards a hand by the exact solver, and writes nothing. Prints
figures; asserts nothing.
Run: ``.venv/bin/python benchmarks/mine.py [--rounds 10] [--seed 0] [--bots gentle,steady,strong]``
"""

from __future__ import annotations

import argparse
import time

from shengji_kit.cli_puzzles import tier_bot
from shengji_kit.puzzles.mining.decisions import MAX_CARDS, TIERS
from shengji_kit.puzzles.mining.keeping import REJECTIONS
from shengji_kit.puzzles.mining.miner import mine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default=",".join(TIERS))
    args = parser.parse_args()
    tiers = tuple(args.bots.split(","))
    started = time.perf_counter()
    tally, items = mine(args.rounds, args.seed, None, tier_bot, tiers)
    wall = time.perf_counter() - started
    minutes = tally.cpu_seconds / 60
    print(f"{args.rounds} rounds (bots {','.join(tiers)}), decisions with at most {MAX_CARDS} cards a hand")
    print(f"  {tally.seen} decisions seen, {tally.kept} kept; {tally.cpu_seconds:.1f} CPU-s, {wall:.1f} s wall")
    print(f"  {tally.kept / minutes if minutes else 0.0:.1f} puzzles kept per CPU-minute")
    for rule in (*REJECTIONS, "check"):
        print(f"  rejected by {rule:<7} {tally.share(rule):6.1%}  ({tally.rejected[rule]})")
    print("  themes: " + (", ".join(f"{t} {n}" for t, n in tally.themes.most_common()) or "-"))
    print("  presets: " + (", ".join(f"{p} {n}" for p, n in tally.presets.most_common()) or "-"))
    del items


if __name__ == "__main__":
    main()
