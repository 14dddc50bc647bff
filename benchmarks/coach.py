"""Hint latency: how long ``coach.hint`` takes for South at tricks 1, 10, 16 and 20 of RuleBot rounds.

Targets (issue 13): under 0.5 s at the start of a round, under 0.2 s after trick 15, on the
2-core development machine. The hint's budget is in samples with a time cap (``coach.hint``'s
EARLY_BUDGET / LATE_BUDGET), so the figures show that cap plus the set-up around it.
Prints mean / max per trick number; asserts nothing.
Run: ``.venv/bin/python benchmarks/coach.py [--rounds 10] [--rules classic]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from shengji_kit.coach import hint
from shengji_kit.game import Round
from shengji_kit.game.bots.rule import RuleBot

TRICKS = (1, 10, 16, 20)


def latencies(rounds: int, rules: str, seed: int) -> dict[int, list[float]]:
    """Time a hint for South at the first decision of each chosen trick, in ``rounds`` rounds."""
    found: dict[int, list[float]] = {trick: [] for trick in TRICKS}
    for index in range(rounds):
        rnd = Round.new(seed + index, rules)
        bots = [RuleBot(seed + index + seat) for seat in range(4)]
        timed: set[int] = set()
        while rnd.to_act is not None:
            seat = rnd.to_act
            trick = rnd.tricks_played + 1
            if rnd.phase == "play" and seat == 0 and trick in found and trick not in timed:
                started = time.perf_counter()
                hint(rnd, 0)
                found[trick].append(time.perf_counter() - started)
                timed.add(trick)
            rnd.act(seat, bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--rules", default="super_tycoon", choices=("super_tycoon", "classic"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"hint latency for South, {args.rules}, {args.rounds} RuleBot rounds from seed {args.seed}")
    for trick, times in latencies(args.rounds, args.rules, args.seed).items():
        if times:
            print(f"  trick {trick:>2}: mean {statistics.fmean(times):.3f} s, max {max(times):.3f} s"
                  f" over {len(times)} hints")
        else:
            print(f"  trick {trick:>2}: no round reached it")


if __name__ == "__main__":
    main()
