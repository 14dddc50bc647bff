"""``SearchBot``: samples the hidden cards, plays each candidate out in every sample, keeps the best.

At each decision of the play it deals the cards it cannot see in ``Budget.samples`` ways that
fit everything its seat has seen (``sampling.Knowledge``), plays each of a few candidate plays
(RuleBot's favourites) in every sample — every seat then plays on as RuleBot would, to the end of
the round, over count arrays (``playout.play_out``, ``rollout.RuleRollout``), or the exact solver
scores the endgame once hands are small — and keeps RuleBot's favourite unless another candidate
beats it clearly in the samples (``best_of``: by more than ``Budget.confidence`` standard errors
of the paired differences, for an attacker a higher total, for a defender a lower one).
Declaring, redeals and burying go to RuleBot. Deterministic for a seed unless ``Budget.seconds``
cuts a search short.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..engine.cards import Card, codes
from ..game.actions import Action
from ..game.bots.memory import Memory
from ..game.bots.rule import RuleBot
from ..game.bots.tactics import Table, choose_follow, lead_score, safe_throws
from ..game.views import SeatView, rules_of
from ._sample_playout import Budget, Start, play_out
from ._sampling import Knowledge
from .exact_score import exact_total, searcher_for

__all__ = ["Budget", "Scored", "SearchBot", "candidates", "evaluate"]


@dataclass(frozen=True)
class Scored:
    """A candidate play and the attackers' mean total over the samples after it."""

    cards: tuple[Card, ...]
    mean: float
    samples: int
    exact: bool
    """Scored by the exact solver in each sample (else by RuleBot play-outs)."""
    totals: tuple[float, ...] = ()
    """The attackers' total in each sample (the same samples for every candidate)."""


def table_for(view: SeatView) -> Table:
    assert view.trump is not None
    memory = Memory(view)
    memory.update(view)
    return Table(view, view.trump, memory, memory.unseen(view))


def candidates(view: SeatView, actions: list[Action], count: int) -> list[tuple[Card, ...]]:
    """Up to ``count`` plays worth searching, RuleBot's favourite first."""
    table = table_for(view)
    if not view.trick:
        throws = safe_throws(table) if rules_of(view).throws_allowed else []
        options = list(dict.fromkeys([action.cards for action in actions] + throws))
        ranked = sorted(range(len(options)), key=lambda i: (-lead_score(options[i], table), i))
        return [options[i] for i in ranked[:count]]
    left = list(actions)
    chosen: list[tuple[Card, ...]] = []
    while left and len(chosen) < count:
        best = choose_follow(view, left, table)
        chosen.append(best.cards)
        left = [action for action in left if action is not best]
    return chosen


def evaluate(
    view: SeatView, plays: list[tuple[Card, ...]], budget: Budget, seed: int = 0
) -> list[Scored]:
    """Each play's mean attackers' total over the same sampled deals (common random numbers)."""
    if view.trump is None or view.dealer is None:
        raise ValueError("search runs during the play only")
    rng = random.Random(f"{seed}-{view.seat}-{len(view.tricks)}-{len(view.trick)}-{codes(view.hand)}")
    knowledge = Knowledge.of(view)
    exact = len(view.hand) <= budget.solve_at
    totals: list[list[float]] = [[] for _ in plays]
    started = time.perf_counter()
    done = 0
    while done < budget.samples:
        if done and budget.seconds is not None:
            spent = time.perf_counter() - started
            if spent + spent / done > budget.seconds:
                break  # one more sample would pass the time budget
        sample = knowledge.sample(rng)
        if exact:
            searcher = searcher_for(view, sample)
            for i, cards in enumerate(plays):
                totals[i].append(float(exact_total(view, sample, cards, searcher)))
        else:
            start = Start.of(view, sample, budget.throws)
            for i, cards in enumerate(plays):
                totals[i].append(play_out(start, cards, budget))
        done += 1
    return [
        Scored(cards, sum(values) / done, done, exact, tuple(values))
        for cards, values in zip(plays, totals, strict=True)
    ]


def best_of(view: SeatView, scored: list[Scored], confidence: float = 0.0) -> Scored:
    """The candidate best for ``view.seat``'s team (the earlier one on a tie).

    With ``confidence`` z > 0 the first candidate (RuleBot's favourite) stays the choice unless
    another beats it in the samples by more than z standard errors of the paired differences:
    picking the best of several noisy means otherwise often picks noise.
    """
    assert view.dealer is not None
    attacking = view.seat % 2 != view.dealer % 2
    sign = 1.0 if attacking else -1.0
    if confidence <= 0.0 or not scored[0].totals:
        return max(scored, key=lambda s: (round(sign * s.mean, 6), -scored.index(s)))
    base = scored[0]
    best = base
    for other in scored[1:]:
        if round(sign * other.mean, 6) <= round(sign * best.mean, 6):
            continue
        gains = [sign * (a - b) for a, b in zip(other.totals, base.totals, strict=True)]
        if clearly_positive(gains, confidence):
            best = other
    return best


def clearly_positive(values: list[float], confidence: float) -> bool:
    """Is the mean of ``values`` above 0 by more than ``confidence`` standard errors?"""
    count = len(values)
    mean = sum(values) / count
    if mean <= 0.0:
        return False
    if count < 2:
        return True
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    return mean > confidence * math.sqrt(variance / count)


class SearchBot:
    """A sampling search player; ``choose(view, actions)`` like every bot."""

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget()
        self.rule = RuleBot(seed)

    def choose(self, view: SeatView, actions: list[Action]) -> Action:
        if view.phase != "play":
            return self.rule.choose(view, actions)
        if len(actions) == 1:
            return actions[0]
        plays = candidates(view, actions, self.budget.candidates)
        if len(plays) == 1:
            return Action.play(plays[0])
        try:
            best = best_of(view, evaluate(view, plays, self.budget, self.seed), self.budget.confidence)
        except ValueError:
            return self.rule.choose(view, actions)  # no deal fits (a bug in what it inferred): play by rule
        listed = next((action for action in actions if action.cards == best.cards), None)
        return listed or Action.play(best.cards)
