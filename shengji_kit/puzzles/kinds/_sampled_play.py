"""Sampled evaluation for best-play items the learner sees only part of: deals consistent with what is seen.

The item states the cards still out (``pool``) and the seats that hold them unseen; every deal
shares the pool among those seats at random (seeded, so ``puzzles check`` re-runs the same deals),
and each offered play is valued on every deal by the exact solver. The gap between two plays is
reported as a mean with a 95% interval; an item whose interval reaches zero is refused.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass

from ...engine.cards import Card
from ...game.position_table import PositionTable
from ...solver.position import Position
from ..fields import Raw, read_cards, read_int, require
from ..problems import FieldError

MAX_DEALS = 400
Z95 = 1.96


@dataclass(frozen=True)
class Sampling:
    """The unseen cards, the seats that hold them, how many deals and the seed."""

    pool: tuple[Card, ...]
    seats: tuple[int, ...]
    deals: int
    seed: int


@dataclass(frozen=True)
class Estimate:
    """A mean gap in points and its 95% interval over the sampled deals."""

    mean: float
    low: float
    high: float

    @staticmethod
    def of(gaps: list[int]) -> Estimate:
        count = len(gaps)
        mean = sum(gaps) / count
        spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (count - 1)) if count > 1 else 0.0
        half = Z95 * spread / math.sqrt(count)
        return Estimate(mean, mean - half, mean + half)


def read_sampling(raw: Raw, table: PositionTable) -> Sampling:
    """Read ``sample = { pool = "...", deals = 200, seed = 1 }``: the seats not given in ``hands`` hold the pool."""
    sample = require(raw, "sample")
    if not isinstance(sample, Mapping):
        raise FieldError("sample", "must be a table: { pool = \"cards still out\", deals = 200, seed = 1 }")
    unknown = set(sample) - {"pool", "deals", "seed"}
    if unknown:
        raise FieldError("sample", f"unknown field {sorted(unknown)[0]!r}")
    pool = read_cards(require(sample, "pool", "sample"), "sample.pool")
    deals = read_int(require(sample, "deals", "sample"), "sample.deals", 20, MAX_DEALS)
    seed = read_int(require(sample, "seed", "sample"), "sample.seed", 0, 10**9)
    seats = tuple(seat for seat in range(4) if seat not in table.hands)
    if not seats or table.trick:
        raise FieldError("sample", "a sampled item is a lead (no trick) with some seats' hands left out")
    size = len(next(iter(table.hands.values())))
    if len(pool) != size * len(seats):
        raise FieldError("sample.pool", f"holds {len(pool)} cards; {len(seats)} hidden hands of {size} need "
                                        f"{size * len(seats)}")
    return Sampling(pool, seats, deals, seed)


def sampled_positions(table: PositionTable, sampling: Sampling) -> tuple[Position, ...]:
    """The seeded deals: the seen hands as given, the pool shared at random among the hidden seats."""
    table.need("dealer", "leader", "hands")
    assert table.dealer is not None and table.leader is not None
    rng = random.Random(sampling.seed)
    size = len(sampling.pool) // len(sampling.seats)
    positions = []
    for _ in range(sampling.deals):
        cards = list(sampling.pool)
        rng.shuffle(cards)
        dealt = {seat: tuple(cards[i * size:(i + 1) * size]) for i, seat in enumerate(sampling.seats)}
        hands = tuple(tuple(table.hands[seat]) if seat in table.hands else dealt[seat] for seat in range(4))
        positions.append(Position(table.rules, table.trump.level, table.trump.suit, table.dealer, table.leader,
                                  hands, table.kitty or (), table.points or 0))
    return tuple(positions)
