"""What the kitty is worth: its points over random deals, and what capturing it gains.

The kitty's 8 cards are drawn uniformly from the cards a seat has not seen (a fresh deal: the
whole 108-card deck); the attackers who win the last trick add its points × the §7 multiplier
(``kitty_multiplier``): a single doubles them, a pair quadruples them (``super_tycoon``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..engine.cards import CARDS, Card
from ..engine.errors import RuleError
from ..engine.rules import Rules
from ..engine.scoring import kitty_multiplier
from ..engine.trump import Trump
from .exact import kitty_mean_exact, kitty_points_exact
from .sampler import Seed, check_samples, generator, sample_deals
from .situation import KITTY, KITTY_SIZE, Situation

FULL_DECK: tuple[Card, ...] = tuple(card for card in CARDS for _ in range(2))


@dataclass(frozen=True)
class KittyPoints:
    """Sampled and exact laws of the kitty's points (points → probability).

    The exact law and mean are None when voids are known: the kitty is then no longer a
    uniform draw from the unseen cards, and only the sampled figures hold.
    """

    sampled: dict[int, float]
    exact: dict[int, float] | None
    samples: int
    mean: float
    exact_mean: float | None
    points: np.ndarray
    """The kitty's points in each sampled deal."""


@dataclass(frozen=True)
class KittyGain:
    """Expected attackers' gain from the kitty when they win the last trick with a single or a pair."""

    single_multiplier: int
    pair_multiplier: int
    single: float
    pair: float
    exact_single: float | None
    exact_pair: float | None


def kitty_points(
    known: Situation | Sequence[Card] | None = None,
    *,
    samples: int = 100_000,
    seed: Seed = 0,
    kitty_size: int = KITTY_SIZE,
) -> KittyPoints:
    """The kitty's points over ``samples`` random deals.

    ``known=None``: a fresh deal (8 of the 108 cards; ``kitty_size`` under house rules). A list of
    cards: that many drawn from those. A
    ``Situation`` with a hidden kitty: the kitty of its sampled deals (voids respected).
    """
    check_samples(samples)
    rng = generator(seed)
    size = known.size_of(KITTY) if isinstance(known, Situation) and KITTY in known.holders else kitty_size
    if isinstance(known, Situation):
        unseen = known.unseen
        deals = sample_deals(known, samples, rng)
        values = np.array([c.points for c in unseen], dtype=np.int64)
        kitty = deals.holds(KITTY)
        points = (kitty * values[None, :]).sum(axis=1)
    else:
        unseen = tuple(known) if known is not None else FULL_DECK
        if len(unseen) < size:
            raise RuleError(
                "chances_sizes_mismatch", {"unseen": len(unseen), "sizes": str(size)}
            )
        values = np.array([c.points for c in unseen], dtype=np.int64)
        keys = rng.random((samples, len(unseen)))
        chosen = np.argpartition(keys, size - 1, axis=1)[:, :size]
        points = values[chosen].sum(axis=1)
    found, counts = np.unique(points, return_counts=True)
    sampled = {int(p): int(c) / samples for p, c in zip(found, counts, strict=True)}
    uniform = not (isinstance(known, Situation) and known.has_voids)
    return KittyPoints(
        sampled=sampled,
        exact={p: float(q) for p, q in kitty_points_exact(unseen, size).items()} if uniform else None,
        samples=samples,
        mean=float(points.mean()),
        exact_mean=float(kitty_mean_exact(unseen, size)) if uniform else None,
        points=points,
    )


def expected_kitty_gain(
    kitty: KittyPoints, trump: Trump | None = None, rules: Rules | str | None = None
) -> KittyGain:
    """Expected points the kitty adds when the last trick is won with a single vs with a pair."""
    trump = trump or Trump("2", "S")
    plain = next(card for card in CARDS if not trump.is_trump(card))
    single = kitty_multiplier([plain], trump, rules)
    pair = kitty_multiplier([plain, plain], trump, rules)
    return KittyGain(
        single_multiplier=single,
        pair_multiplier=pair,
        single=kitty.mean * single,
        pair=kitty.mean * pair,
        exact_single=None if kitty.exact_mean is None else kitty.exact_mean * single,
        exact_pair=None if kitty.exact_mean is None else kitty.exact_mean * pair,
    )
