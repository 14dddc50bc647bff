"""Helpers for the chances tests: a fixed learner's hand and small hand-made situations."""

from __future__ import annotations

from collections.abc import Sequence

from shengji_kit.chances import Situation
from shengji_kit.engine.cards import Card, parse_cards
from shengji_kit.engine.trump import Trump

HEARTS_2 = Trump("2", "H")
HAND = "SK SQ SJ S10 S9 H3 H4 H5 H6 H7 H8 H9 C3 C4 C5 C6 C7 C8 D3 D4 D5 D6 D7 D8 BJ"


def small(unseen: str, sizes: Sequence[int], voids: Sequence[str] = (), trump: Trump = HEARTS_2) -> Situation:
    """A hand-made situation: ``unseen`` spread over seats 1, 2, 3 (and the kitty if 4 sizes)."""
    holders: tuple[int | str, ...] = (1, 2, 3, "kitty")[: len(sizes)]
    padded = list(voids) + [""] * (len(sizes) - len(voids))
    cards: tuple[Card, ...] = tuple(parse_cards(unseen))
    return Situation(
        seat=0,
        trump=trump,
        hand=(),
        unseen=cards,
        holders=holders,
        sizes=tuple(sizes),
        voids=tuple(frozenset(v) for v in padded),
    )
