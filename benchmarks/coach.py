"""The coach's figures: hint latency, how often a hint leads with a tactic, and how long a round review takes.

* **Latency**: how long ``coach.hint`` takes for South at tricks 1, 10, 16 and 20 of RuleBot rounds
  (targets, issue 13: under 0.5 s at the start of a round, under 0.2 s after trick 15).
* **Tactics** (issue 21): over ``--decisions`` hinted decisions in self-play (every seat of every trick
  asks the coach and plays its hint), the share whose first reason names a strategy idea
  (``coach.tactics``; goal ≥ 80%), and the most frequent first reasons.
* **Review** (issue 21): ``coach.review`` of South's plays in ``--reviews`` whole RuleBot rounds,
  p50 and max wall seconds (goal: under 5 s for a whole round on the 2-core development machine).

Prints the figures; asserts nothing.
Run: ``.venv/bin/python benchmarks/coach.py [--rounds 10] [--decisions 200] [--reviews 5] [--rules classic]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from shengji_kit.coach import hint, review
from shengji_kit.coach.tactics import LESSONS
from shengji_kit.game import Round
from shengji_kit.game.bots import play_round
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


def first_reasons(decisions: int, rules: str, seed: int) -> Counter[str]:
    """The code of each hint's first reason over ``decisions`` hinted decisions of self-play."""
    found: Counter[str] = Counter()
    number = seed
    while sum(found.values()) < decisions:
        rnd = Round.new(number, rules)
        bots = [RuleBot(number + seat) for seat in range(4)]
        while rnd.to_act is not None:
            seat = rnd.to_act
            if rnd.phase == "play" and sum(found.values()) < decisions:
                advice = hint(rnd, seat)
                found[advice.reasons[0].code if advice.reasons else "(none)"] += 1
                rnd.act(seat, advice.action)
            else:
                rnd.act(seat, bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
        number += 1
    return found


def review_times(rounds: int, rules: str, seed: int) -> list[float]:
    """Wall seconds of ``review`` for South over ``rounds`` whole RuleBot rounds."""
    times = []
    for index in range(rounds):
        rnd = Round.new(seed + index, rules)
        play_round(rnd, [RuleBot(seed + index + seat) for seat in range(4)])
        started = time.perf_counter()
        review(rnd, seat=0)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=10, help="rounds for the hint latency")
    parser.add_argument("--decisions", type=int, default=200, help="hinted decisions for the tactic share")
    parser.add_argument("--reviews", type=int, default=5, help="whole rounds to review")
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
    firsts = first_reasons(args.decisions, args.rules, args.seed)
    total = sum(firsts.values())
    named = sum(count for code, count in firsts.items() if code in LESSONS)
    print(f"hints whose first reason names a tactic: {named} of {total} = {named / total:.1%} (goal ≥ 80%)")
    print("  first reasons: " + ", ".join(f"{code} {count}" for code, count in firsts.most_common(8)))
    times = review_times(args.reviews, args.rules, args.seed)
    print(f"round review for South over {len(times)} whole rounds: p50 {statistics.median(times):.2f} s,"
          f" max {max(times):.2f} s (goal: under 5 s)")


if __name__ == "__main__":
    main()
