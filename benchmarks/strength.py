"""Each opponents' tier against the next (gentle-steady, steady-strong) over mirrored deals.

Every deal is played twice with the teams' seats swapped. All tiers declare and bury as RuleBot
does, so both games of a deal have the same trump, dealer and kitty, and only the play differs:
the luck of the cards cancels. Per deal, from the stronger tier's side:
  points    attackers' total when the stronger tier attacks minus when the weaker one attacks
  levels    levels the stronger tier's team gains minus the weaker's, over the two rounds
Prints the means with a 95% confidence interval (normal approximation, paired by deal); each tier
should beat the one below with an interval above zero. For the strong tier it also prints the time
of each of its turns in the tricks (p50 / p95 / max; the target is under 1 s).
Run: ``.venv/bin/python benchmarks/strength.py [--rounds 60] [--pairs all] [--rules both] [--jobs 2]``
(``--rounds`` deals per pair, the two presets alternating; ``--every`` prints the figures so far;
``--miss-rate`` and ``--samples`` try gentle's miss rate and strong's samples per play other than the registry's).
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace

from shengji_kit.coach.bot_tiers import STRONG_BUDGET, TIER_NAMES, tier_named
from shengji_kit.coach.gentle_bot import GentleBot
from shengji_kit.coach.search_bot import SearchBot
from shengji_kit.game import Round
from shengji_kit.game.actions import Action
from shengji_kit.game.bots.base import Bot
from shengji_kit.game.deal import derived_seed
from shengji_kit.game.views import SeatView

PAIRS = tuple(itertools.pairwise(TIER_NAMES))
"""(weaker, stronger): each tier against the next."""
Row = tuple[float, float, tuple[tuple[float, float], ...]]
"""One deal: points difference, levels difference, the stronger tier's turn times (wall, CPU)."""


class Timed:
    """A bot whose every choice in the tricks is timed: ``times`` (wall clock) and ``cpu`` (its process's CPU),
    in seconds; on a shared machine the wall clock also counts the time other processes held the cores."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.times: list[tuple[float, float]] = []

    def choose(self, view: SeatView, actions: list[Action]) -> Action:
        started, cpu = time.perf_counter(), time.process_time()
        action = self.bot.choose(view, actions)
        if view.phase == "play":
            self.times.append((time.perf_counter() - started, time.process_time() - cpu))
        return action


@dataclass(frozen=True)
class Tuning:
    """Settings tried instead of the registry's (None: as ``bot_tiers`` has it)."""

    miss_rate: float | None = None
    samples: int | None = None

    def make(self, name: str, seed: int) -> Bot:
        if name == "gentle" and self.miss_rate is not None:
            return GentleBot(seed, self.miss_rate)
        if name == "strong" and self.samples is not None:
            return SearchBot(seed, replace(STRONG_BUDGET, samples=self.samples))
        return tier_named(name).make(seed)


def play(
    seed: int, rules: str, weaker: str, stronger: str, strong_team: int, tuning: Tuning
) -> tuple[int, int, str, int, list[tuple[float, float]]]:
    """One round: (attackers' total, dealer, winning side, levels, turn times) with ``stronger`` on ``strong_team``."""
    timed = [Timed(tuning.make(stronger if seat % 2 == strong_team else weaker, derived_seed(seed, seat)))
             for seat in range(4)]
    rnd = Round.new(seed, rules)
    while rnd.to_act is not None:
        seat = rnd.to_act
        rnd.act(seat, timed[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    result = rnd.result
    assert result is not None
    times = [t for seat in range(4) if seat % 2 == strong_team for t in timed[seat].times]
    return result.total, result.dealer, result.outcome.side, result.outcome.levels, times


def deal_pair(task: tuple[int, str, str, str, Tuning]) -> Row:
    """Both rounds of one deal, seats swapped: (points diff, levels diff, the stronger tier's turn times)."""
    seed, rules, weaker, stronger, tuning = task
    by_attacker: dict[str, int] = {}
    gained = {"strong": 0, "weak": 0}
    times: list[tuple[float, float]] = []
    for team in (0, 1):
        total, dealer, side, levels, turns = play(seed, rules, weaker, stronger, team, tuning)
        times.extend(turns)
        defending = "strong" if dealer % 2 == team else "weak"
        attacking = "weak" if defending == "strong" else "strong"
        by_attacker[attacking] = total
        gained[defending if side == "defenders" else attacking] += levels
    return by_attacker["strong"] - by_attacker["weak"], gained["strong"] - gained["weak"], tuple(times)


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def shown(values: list[float]) -> str:
    mean, low, high = interval(values)
    verdict = "above 0" if low > 0 else "NOT above 0"
    return f"{mean:+6.2f}  (95% CI {low:+.2f} .. {high:+.2f}, {verdict})"


def percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(weaker: str, stronger: str, rows: list[Row], seconds: float) -> None:
    print(f"{stronger} vs {weaker}: {len(rows)} deals x 2 rounds, {seconds:.0f} s so far")
    print(f"  points per deal ({stronger} attacks - {weaker} attacks): {shown([r[0] for r in rows])}")
    print(f"  levels per deal ({stronger} team - {weaker} team):        {shown([r[1] for r in rows])}")
    for kind, index in (("wall clock", 0), ("CPU", 1)):
        times = sorted(t[index] for r in rows for t in r[2])
        if stronger == "strong" and times:
            print(f"  {stronger}'s turns in the tricks ({kind}): {len(times)}, p50 {percentile(times, 0.5):.3f} s, "
                  f"p95 {percentile(times, 0.95):.3f} s, max {times[-1]:.3f} s")
    print(flush=True)


def run(pairs: tuple[tuple[str, str], ...], presets: tuple[str, ...], deals: int, seed: int, jobs: int,
        every: int, tuning: Tuning) -> None:
    """Play every pair's deals (pairs interleaved); print the figures every ``every`` deals and at the end."""
    started = time.perf_counter()
    tasks = [
        (derived_seed(seed, index), presets[index % len(presets)], weaker, stronger, tuning)
        for index in range(deals) for weaker, stronger in pairs
    ]
    rows: dict[tuple[str, str], list[Row]] = {pair: [] for pair in pairs}
    print(f"seed {seed}; {deals} deals per pair ({', '.join(presets)}), each played twice with the teams' seats "
          f"swapped; {jobs} worker process(es); {tuning}", flush=True)
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    results = pool.map(deal_pair, tasks) if pool is not None else map(deal_pair, tasks)
    try:
        for count, (task, row) in enumerate(zip(tasks, results, strict=True), start=1):
            rows[(task[2], task[3])].append(row)
            if count == len(tasks) or (every and count % (every * len(pairs)) == 0):
                for pair in pairs:
                    if rows[pair]:
                        summary(*pair, rows[pair], time.perf_counter() - started)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    print(f"run time {time.perf_counter() - started:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", "--deals", type=int, default=60, help="deals per pair (each played twice)")
    names = [f"{weaker}-{stronger}" for weaker, stronger in PAIRS]
    parser.add_argument("--pairs", default="all", choices=("all", *names))
    parser.add_argument("--rules", default="both", choices=("both", "super_tycoon", "classic"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--every", type=int, default=20, help="print the figures so far every this many deals")
    parser.add_argument("--miss-rate", type=float, default=None, help="try gentle at this miss rate")
    parser.add_argument("--samples", type=int, default=None, help="try strong with this many samples per play")
    args = parser.parse_args()
    pairs = PAIRS if args.pairs == "all" else tuple(p for p in PAIRS if f"{p[0]}-{p[1]}" == args.pairs)
    presets = ("super_tycoon", "classic") if args.rules == "both" else (args.rules,)
    run(pairs, presets, args.rounds, args.seed, args.jobs, args.every, Tuning(args.miss_rate, args.samples))


if __name__ == "__main__":
    main()
