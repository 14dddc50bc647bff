"""SearchBot vs RuleBot in mirrored matches: each deal is played twice with the teams' seats swapped.

Both bots declare and bury alike (SearchBot asks RuleBot), so the two games of a deal have the same
trump, dealer and kitty, and only the play differs: luck cancels. Per deal, from SearchBot's side:
  points    attackers' total when SearchBot attacks minus when RuleBot attacks (the same seats and cards)
  hold      SearchBot holds the attackers under 80 (as defenders) minus RuleBot does, in {-1, 0, 1}
  levels    levels SearchBot's team gains minus RuleBot's team gains over the two games
Prints the means with a 95% confidence interval (normal approximation, paired by deal).
Run: ``.venv/bin/python benchmarks/strength.py [--deals 200] [--rules both] [--jobs 2] [--every 20] [--rows FILE]``
(the presets are played interleaved and the figures so far are printed every ``--every`` deals;
the budget options default to ``Budget()``'s; with ``--rows`` every deal is saved as it finishes,
and a later run with the same file, seed and budget plays only the deals not in it yet).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from shengji_kit.coach._sample_playout import Budget
from shengji_kit.coach.search_bot import SearchBot
from shengji_kit.game import Round
from shengji_kit.game.bots import play_round
from shengji_kit.game.bots.rule import RuleBot
from shengji_kit.game.deal import derived_seed


def play(seed: int, rules: str, search_team: int, budget: Budget) -> tuple[int, int, str, int]:
    """One game: (attackers' total, dealer, winning side, levels) with SearchBot on ``search_team``."""
    bots = [
        SearchBot(derived_seed(seed, seat), budget) if seat % 2 == search_team else RuleBot(derived_seed(seed, seat))
        for seat in range(4)
    ]
    rnd = Round.new(seed, rules)
    play_round(rnd, bots)
    result = rnd.result
    assert result is not None
    return result.total, result.dealer, result.outcome.side, result.outcome.levels


def deal_pair(args: tuple[int, str, Budget]) -> tuple[float, float, float, int, int]:
    """Both games of one deal: (points diff, hold diff, levels diff, search attack total, rule attack total)."""
    seed, rules, budget = args
    games = [play(seed, rules, team, budget) for team in (0, 1)]
    by_attacker: dict[str, int] = {}
    hold: dict[str, int] = {}
    gained = {"search": 0, "rule": 0}
    for team, (total, dealer, side, levels) in zip((0, 1), games, strict=True):
        defending = "search" if dealer % 2 == team else "rule"
        attacking = "rule" if defending == "search" else "search"
        by_attacker[attacking] = total
        hold[defending] = int(total < 80)
        gained[defending if side == "defenders" else attacking] += levels
    return (
        by_attacker["search"] - by_attacker["rule"],
        hold["search"] - hold["rule"],
        gained["search"] - gained["rule"],
        by_attacker["search"],
        by_attacker["rule"],
    )


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:+.2f}"
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+.2f}  (95% CI {mean - half:+.2f} .. {mean + half:+.2f})"


def summary(rules: str, rows: list[tuple[float, float, float, int, int]], seconds: float, budget: Budget) -> None:
    print(f"{rules}: {len(rows)} deals x 2 games, {budget}, {seconds:.0f} s so far")
    print(f"  attackers' total, SearchBot attacking: {statistics.fmean(r[3] for r in rows):.1f}; "
          f"RuleBot attacking: {statistics.fmean(r[4] for r in rows):.1f}")
    print(f"  points (search attacks - rule attacks): {interval([r[0] for r in rows])}")
    print(f"  defenders hold under 80 (search - rule): {interval([r[1] for r in rows])}")
    print(f"  levels gained per deal (search - rule): {interval([r[2] for r in rows])}", flush=True)


def earlier_rows(
    path: Path, presets: tuple[str, ...], rows: dict[str, list[tuple[float, float, float, int, int]]], budget: Budget
) -> set[tuple[int, str]]:
    """Read the deals an earlier run with the same budget saved to ``path`` into ``rows``."""
    done: set[tuple[int, str]] = set()
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        saved = json.loads(line)
        key = (saved["seed"], saved["rules"])
        if saved["rules"] in presets and saved.get("budget") == str(budget) and key not in done:
            done.add(key)
            diff, hold, levels, search_total, rule_total = saved["row"]
            rows[saved["rules"]].append((diff, hold, levels, search_total, rule_total))
    return done


def run(
    presets: tuple[str, ...], deals: int, seed: int, budget: Budget, jobs: int, every: int, rows_out: Path | None = None
) -> None:
    """Play the deals of every preset interleaved; print the figures every ``every`` deals and at the end."""
    started = time.perf_counter()
    rows: dict[str, list[tuple[float, float, float, int, int]]] = {rules: [] for rules in presets}
    done = earlier_rows(rows_out, presets, rows, budget) if rows_out is not None else set()
    tasks = [
        (derived_seed(seed, index), rules, budget)
        for index in range(deals) for rules in presets if (derived_seed(seed, index), rules) not in done
    ]
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    results = pool.map(deal_pair, tasks) if pool is not None else map(deal_pair, tasks)
    print(f"seed {seed}; each deal played twice, teams' seats swapped; {len(done)} deals read from {rows_out}",
          flush=True)
    try:
        if not tasks and done:
            for rules in presets:
                summary(rules, rows[rules], 0.0, budget)
        for count, (task, row) in enumerate(zip(tasks, results, strict=True), start=1):
            rows[task[1]].append(row)
            if rows_out is not None:
                with rows_out.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"seed": task[0], "rules": task[1], "budget": str(budget), "row": row}) + "\n")
            if count == len(tasks) or (every and (count + len(done)) % (every * len(presets)) == 0):
                for rules in presets:
                    summary(rules, rows[rules], time.perf_counter() - started, budget)
                if len(presets) > 1:
                    both = [r for rules in presets for r in rows[rules]]
                    summary("both presets", both, time.perf_counter() - started, budget)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rules", default="both", choices=("both", "super_tycoon", "classic"))
    parser.add_argument("--seed", type=int, default=1)
    default = Budget()
    parser.add_argument("--samples", type=int, default=default.samples, help="sampled deals per decision")
    parser.add_argument("--candidates", type=int, default=default.candidates, help="plays compared per decision")
    parser.add_argument("--horizon", type=int, default=default.horizon, help="tricks played out past the current one")
    parser.add_argument("--solve-at", type=int, default=default.solve_at,
                        help="cards per hand from which the solver scores")
    parser.add_argument("--full-at", type=int, default=default.full_at,
                        help="cards per hand from which play-outs run to the end")
    parser.add_argument("--confidence", type=float, default=default.confidence,
                        help="standard errors by which a candidate must beat RuleBot's favourite play")
    parser.add_argument("--throws", type=int, default=1,
                        help="play-outs lead safe throws as RuleBot does (1) or not (0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--every", type=int, default=20, help="print the figures so far every this many deals")
    parser.add_argument("--rows", type=Path, default=None,
                        help="append each deal's figures to this JSON-lines file; deals already in it are not played "
                             "again but counted (resume or extend a run with the same seed and budget)")
    args = parser.parse_args()
    budget = Budget(samples=args.samples, candidates=args.candidates, horizon=args.horizon, solve_at=args.solve_at,
                    full_at=args.full_at, confidence=args.confidence, throws=bool(args.throws))
    presets = ("super_tycoon", "classic") if args.rules == "both" else (args.rules,)
    run(presets, args.deals, args.seed, budget, args.jobs, args.every, args.rows)


if __name__ == "__main__":
    main()
