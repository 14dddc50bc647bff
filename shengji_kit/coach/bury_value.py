"""Burying well, checked by sampled play-outs of the whole round (lesson 11): the evaluation of 8 buried
cards itself (``bury_value``, ``best_bury``) is pure and lives in ``game.bury_evaluation``.

``sampled_totals`` plays the whole round out by RuleBot's tactics over seeded deals of the cards
the dealer cannot see, once per bury, on the same deals, so two buries can be compared fairly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.card_index import face_counts, index_tables
from ..engine.cards import Card, full_deck
from ..engine.rules import Rules
from ..engine.trump import Trump
from ..game.bury_evaluation import kept_cards
from ..game.playout import Playout
from .rollout import RuleRollout


@dataclass(frozen=True)
class SampledGap:
    """Over ``samples`` shared deals, how many more points the attackers make against ``worse`` than
    against ``better`` on average (``mean``), with its 95% interval."""

    samples: int
    mean: float
    low: float
    high: float

    @property
    def clear(self) -> bool:
        """Is ``better`` better beyond doubt at this sample size (the interval above zero)?"""
        return self.low > 0


def unseen_by_dealer(hand: Sequence[Card]) -> list[Card]:
    """The 75 cards outside the dealer's 33: the other three hands."""
    return kept_cards(full_deck(), hand)


def sampled_totals(
    hand: Sequence[Card], buries: Sequence[Sequence[Card]], trump: Trump, rules: Rules, samples: int, seed: int,
    dealer: int = 0,
) -> list[list[int]]:
    """Per bury, the attackers' final totals over ``samples`` seeded deals (the same deals for each bury).

    The dealer leads the first trick; every seat plays by RuleBot's tactics (listed plays only).
    """
    rng = random.Random(seed)
    others = unseen_by_dealer(hand)
    tables = index_tables(trump)
    totals: list[list[int]] = [[] for _ in buries]
    for _ in range(samples):
        rng.shuffle(others)
        hidden = [others[k * 25:(k + 1) * 25] for k in range(3)]
        for number, buried in enumerate(buries):
            hands = [face_counts(kept_cards(hand, buried)) if seat == dealer else
                     face_counts(hidden[(seat - dealer - 1) % 4]) for seat in range(4)]
            playout = Playout(tables, rules, dealer, hands, dealer, (), 0, [card.index for card in buried])
            rollout = RuleRollout(playout, dealer, [set(), set(), set(), set()], throws=False)
            rollout.run(playout)
            totals[number].append(playout.final_total())
    return totals


def sampled_gap(better: Sequence[int], worse: Sequence[int]) -> SampledGap:
    """The paired difference ``worse - better`` of attackers' totals: its mean and 95% interval."""
    gaps = [w - b for b, w in zip(better, worse, strict=True)]
    count = len(gaps)
    mean = sum(gaps) / count
    spread = math.sqrt(sum((gap - mean) ** 2 for gap in gaps) / max(1, count - 1))
    margin = 1.96 * spread / math.sqrt(count)
    return SampledGap(count, mean, mean - margin, mean + margin)
