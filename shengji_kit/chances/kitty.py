"""What the kitty is worth: its points over random deals, and what capturing it gains.

The kitty's 8 cards are drawn uniformly from the cards a seat has not seen (a fresh deal: the
whole 108-card deck); the attackers who win the last trick add its points × the §7 multiplier
(``kitty_multiplier``): a single doubles them, a pair quadruples them (``super_tycoon``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.cards import CARDS, Card
from ..engine.errors import RuleError
from ..engine.rules import Rules
from ..engine.scoring import kitty_multiplier
from ..engine.trump import Trump
from .draw import draw_deals, numpy_missing, samples_here
from .exact import kitty_mean_exact, kitty_points_exact
from .situation import KITTY, KITTY_SIZE, Situation

if TYPE_CHECKING:
    from .sampler import Seed

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
    points: Any
    """The kitty's points in each sampled deal (a numpy array; a tuple where numpy is missing)."""


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
    samples = samples_here(samples)
    size = known.size_of(KITTY) if isinstance(known, Situation) and KITTY in known.holders else kitty_size
    if isinstance(known, Situation):
        unseen = known.unseen
        points: Any = draw_deals(known, samples, seed).kitty_points([c.points for c in unseen])
    else:
        unseen = tuple(known) if known is not None else FULL_DECK
        if len(unseen) < size:
            raise RuleError(
                "chances_sizes_mismatch", {"unseen": len(unseen), "sizes": str(size)}
            )
        points = _drawn_kitties(unseen, size, samples, seed)
    found = Counter(int(p) for p in points)
    sampled = {p: c / samples for p, c in sorted(found.items())}
    mean = sum(int(p) for p in points) / samples
    if not numpy_missing():
        import numpy as np

        points = np.asarray(points, dtype=np.int64)
        mean = float(points.mean())
    uniform = not (isinstance(known, Situation) and known.has_voids)
    return KittyPoints(
        sampled=sampled,
        exact={p: float(q) for p, q in kitty_points_exact(unseen, size).items()} if uniform else None,
        samples=samples,
        mean=mean,
        exact_mean=float(kitty_mean_exact(unseen, size)) if uniform else None,
        points=points,
    )


def _drawn_kitties(unseen: Sequence[Card], size: int, samples: int, seed: object) -> Sequence[int]:
    """The points of ``samples`` kitties of ``size`` cards drawn from ``unseen`` (numpy when it is there)."""
    values = [c.points for c in unseen]
    if numpy_missing():
        from .plain_sampler import plain_generator

        rng = plain_generator(seed)
        return tuple(sum(rng.sample(values, size)) for _ in range(samples))
    import numpy as np

    from .sampler import generator

    keys = generator(seed).random((samples, len(unseen)))  # type: ignore[arg-type]
    chosen = np.argpartition(keys, size - 1, axis=1)[:, :size]
    drawn: Sequence[int] = np.array(values, dtype=np.int64)[chosen].sum(axis=1)
    return drawn


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
