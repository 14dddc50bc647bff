"""Lesson 11's evaluation of a bury, pure: 8 buried cards scored by what they cost the dealer's kept hand.

``bury_value`` adds up the parts: plain suits emptied (a void lets the dealer ruff), trumps given up, pairs
and tractors broken (they win tricks the others must break), aces and kings given up, and points put at risk
under the kitty. ``best_bury`` searches for a high-scoring bury (empty suits, fill cheaply, then swap one card
at a time while it helps); the exercises' proven best is ``puzzles.kinds._bury_search``, and the sampled
play-outs that check the evaluation are ``coach.bury_value``'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..engine.cards import SUITS, Card
from ..engine.follow import missing_cards
from ..engine.trump import TRUMP, Trump

__all__ = [
    "ACE_COST", "KING_COST", "KITTY_SIZE", "PAIR_COST", "POINT_COST", "TRACTOR_COST", "TRUMP_COST", "VOID_BONUS",
    "BuryValue", "best_bury", "bury_value", "kept_cards", "pair_cards", "tractor_count",
]

KITTY_SIZE = 8
VOID_BONUS = 20
TRUMP_COST = 9
PAIR_COST = 7
TRACTOR_COST = 8
ACE_COST = 8
KING_COST = 3
POINT_COST = 1
"""Each buried point costs this much: the attackers may win the last trick and multiply it."""


@dataclass(frozen=True)
class BuryValue:
    """The evaluation of one bury and its parts (each counted once)."""

    voids: tuple[str, ...]
    trumps: int
    pairs: int
    tractors: int
    aces: int
    kings: int
    points: int

    @property
    def total(self) -> int:
        return (VOID_BONUS * len(self.voids) - TRUMP_COST * self.trumps - PAIR_COST * self.pairs
                - TRACTOR_COST * self.tractors - ACE_COST * self.aces - KING_COST * self.kings
                - POINT_COST * self.points)


def kept_cards(hand: Sequence[Card], buried: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` left when ``buried`` are taken out (copies counted), in ``hand``'s order."""
    return missing_cards(buried, hand)


def pair_cards(cards: Sequence[Card]) -> set[int]:
    """The card indices held twice in ``cards``."""
    return {index for index, count in Counter(card.index for card in cards).items() if count >= 2}


def tractor_count(cards: Sequence[Card], trump: Trump) -> int:
    """How many tractors (runs of two or more neighbouring pairs in one suit) ``cards`` hold."""
    steps: dict[str, set[int]] = {}
    by_index = {card.index: card for card in cards}
    for index in pair_cards(cards):
        card = by_index[index]
        steps.setdefault(trump.suit_of(card), set()).add(trump.step(card))
    runs = 0
    for held in steps.values():
        runs += sum(1 for step in held if step + 1 in held and step - 1 not in held)
    return runs


def bury_value(hand: Sequence[Card], buried: Sequence[Card], trump: Trump) -> BuryValue:
    """Evaluate ``buried`` (8 of the dealer's 33 cards ``hand``)."""
    kept = kept_cards(hand, buried)
    had = {trump.suit_of(card) for card in hand}
    left = {trump.suit_of(card) for card in kept}
    voids = tuple(s for s in SUITS if s in had and s not in left and s != TRUMP)
    plain_buried = [card for card in buried if trump.suit_of(card) != TRUMP]
    pairs_broken = len(pair_cards(hand) - pair_cards(kept))
    return BuryValue(
        voids=voids,
        trumps=sum(1 for card in buried if trump.suit_of(card) == TRUMP),
        pairs=pairs_broken,
        tractors=max(0, tractor_count(hand, trump) - tractor_count(kept, trump)),
        aces=sum(1 for card in plain_buried if card.rank == "A"),
        kings=sum(1 for card in plain_buried if card.rank == "K"),
        points=sum(card.points for card in buried),
    )


def _card_cost(card: Card, trump: Trump, pairs: set[int]) -> int:
    if trump.suit_of(card) == TRUMP:
        return TRUMP_COST * 10
    high = ACE_COST if card.rank == "A" else KING_COST if card.rank == "K" else 0
    return high + card.points * POINT_COST + (PAIR_COST if card.index in pairs else 0)


def best_bury(hand: Sequence[Card], trump: Trump) -> tuple[tuple[Card, ...], BuryValue]:
    """A high-scoring bury: for each set of plain suits to empty, fill cheaply, then improve by swaps."""
    by_suit: dict[str, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(trump.suit_of(card), []).append(card)
    plain = [s for s in SUITS if s in by_suit and s != TRUMP]
    pairs = pair_cards(hand)
    best: tuple[tuple[Card, ...], BuryValue] | None = None
    for size in range(len(plain) + 1):
        for chosen in combinations(plain, size):
            emptied = [card for s in chosen for card in by_suit[s]]
            if len(emptied) > KITTY_SIZE:
                continue
            rest = kept_cards(hand, emptied)
            rest.sort(key=lambda card: (_card_cost(card, trump, pairs), trump.sort_key(card)))
            start = tuple(emptied + rest[: KITTY_SIZE - len(emptied)])
            found = _improve(hand, start, trump)
            if best is None or found[1].total > best[1].total:
                best = found
    assert best is not None
    return best


def _improve(hand: Sequence[Card], buried: tuple[Card, ...], trump: Trump) -> tuple[tuple[Card, ...], BuryValue]:
    value = bury_value(hand, buried, trump)
    improved = True
    while improved:
        improved = False
        kept = kept_cards(hand, buried)
        for out in range(len(buried)):
            for card in kept:
                trial = (*buried[:out], card, *buried[out + 1:])
                score = bury_value(hand, trial, trump)
                if score.total > value.total:
                    buried, value, improved = trial, score, True
                    break
            if improved:
                break
    return buried, value
