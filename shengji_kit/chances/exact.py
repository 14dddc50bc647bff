"""Closed forms (hypergeometric counting with ``math.comb``) for the chances that have one.

They hold when every placement of the unseen cards is equally likely, i.e. when no void is
known; the questions in ``questions.py`` show them beside the sampled figure in that case.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import permutations
from math import comb

from ..engine.cards import Card


def hypergeometric(population: int, successes: int, draws: int, hits: int) -> Fraction:
    """P(exactly ``hits`` successes among ``draws`` cards drawn from ``population``)."""
    if not 0 <= hits <= min(successes, draws) or draws - hits > population - successes:
        return Fraction(0)
    return Fraction(
        comb(successes, hits) * comb(population - successes, draws - hits), comb(population, draws)
    )


def chance_holds_exact(copies: int, unseen: int, hand_size: int, at_least: int = 1) -> Fraction:
    """P(a hand of ``hand_size`` unseen cards holds ≥ ``at_least`` of ``copies`` unseen copies).

    With ``copies = 2``: "partner holds at least one of the two ♠A" = 1 − C(N−2, s) / C(N, s).
    """
    return sum(
        (hypergeometric(unseen, copies, hand_size, k) for k in range(at_least, copies + 1)),
        Fraction(0),
    )


def split_exact(unseen: int, suit_cards: int, sizes: Sequence[int], counts: Sequence[int]) -> Fraction:
    """P(the holders of ``sizes`` hold exactly ``counts`` of the ``suit_cards`` unseen suit cards).

    The rest of the suit is in the other hands: ∏ C(sₕ, cₕ) · C(N − Σs, K − Σc) / C(N, K).
    """
    rest = unseen - sum(sizes)
    ways = comb(rest, suit_cards - sum(counts)) if sum(counts) <= suit_cards else 0
    for size, count in zip(sizes, counts, strict=True):
        ways *= comb(size, count)
    return Fraction(ways, comb(unseen, suit_cards))


def pattern_exact(unseen: int, suit_cards: int, sizes: Sequence[int], pattern: Sequence[int]) -> Fraction:
    """P(the split over ``sizes`` is ``pattern`` in any order, e.g. 3-3 or 4-2 either way)."""
    return sum(
        (split_exact(unseen, suit_cards, sizes, counts) for counts in set(permutations(pattern))),
        Fraction(0),
    )


def kitty_points_exact(unseen: Iterable[Card], kitty_size: int = 8) -> dict[int, Fraction]:
    """The exact law of the points among ``kitty_size`` cards drawn from ``unseen``.

    Only three kinds matter — fives, ten-pointers (10, K) and the rest — so it is a sum over
    (fives, tens) of a multivariate hypergeometric term.
    """
    cards = list(unseen)
    fives = sum(1 for c in cards if c.points == 5)
    tens = sum(1 for c in cards if c.points == 10)
    blanks = len(cards) - fives - tens
    total = comb(len(cards), kitty_size)
    law: dict[int, Fraction] = {}
    for f in range(min(fives, kitty_size) + 1):
        for t in range(min(tens, kitty_size - f) + 1):
            ways = comb(fives, f) * comb(tens, t) * comb(blanks, kitty_size - f - t)
            if ways:
                points = 5 * f + 10 * t
                law[points] = law.get(points, Fraction(0)) + Fraction(ways, total)
    return dict(sorted(law.items()))


def kitty_mean_exact(unseen: Iterable[Card], kitty_size: int = 8) -> Fraction:
    """Each kitty card is a uniform draw from the unseen cards: ``size × points / count``."""
    cards = list(unseen)
    return Fraction(kitty_size * sum(c.points for c in cards), len(cards))
