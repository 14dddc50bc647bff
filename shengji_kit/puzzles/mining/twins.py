"""Twins: two mined decisions that are one puzzle (plain suits renamed, equal cards swapped, seats turned).

The key writes the deal as the solver's ``shape_signature`` does (each card as its effective suit,
its step among the steps still held and its points, so cards that play alike write alike), the
current hands and the cards already played to the trick kept apart, every seat counted from the
dealer; then each plain suit's part is cut out and the parts sorted, so renaming the plain suits
(all four at no-trump) gives the same key. The preset, the points so far and the kitty's points
are part of the key; the level and which suit is trump are not (they only rename cards).
"""

from __future__ import annotations

from ...engine.cards import BIG_JOKER_INDEX
from ...solver._moves import MoveMaker
from .decisions import Decision

SUIT_BITS = 16


def twin_key(decision: Decision) -> tuple[object, ...]:
    """The same for two decisions that are one puzzle up to renaming plain suits and equal cards."""
    position = decision.position
    moves = MoveMaker(position.trump_context, position.rules)
    dealer = position.dealer
    seats = [(dealer + k) % 4 for k in range(4)]
    played = dict(decision.trick)
    trick = [tuple(sorted(card.index for card in played.get(seat, ()))) for seat in seats]
    start = [tuple(sorted(card.index for card in position.hands[seat])) for seat in seats]
    now = [_without(hand, done) for hand, done in zip(start, trick, strict=True)]
    signature = moves.shape_signature((*now, *trick))
    trump_suit = moves.shape_signature(((BIG_JOKER_INDEX,),))[0][0] >> SUIT_BITS
    suits = sorted({token >> SUIT_BITS for part in signature for token in part})
    trump_part: tuple[object, ...] = ()
    plain: list[tuple[object, ...]] = []
    for suit in suits:
        tokens = [token for part in signature for token in part if token >> SUIT_BITS == suit]
        low = min(token >> 6 & 0x3FF for token in tokens)
        part = tuple(
            tuple(sorted(((t >> 6 & 0x3FF) - low, t & 63) for t in hand if t >> SUIT_BITS == suit))
            for hand in signature
        )
        if suit == trump_suit:
            trump_part = _relabelled(part)
        else:
            plain.append(part)
    leader = (position.leader - dealer) % 4
    return (position.rules.name, position.points, position.kitty_points, leader, len(decision.trick),
            trump_part, tuple(sorted(plain, key=repr)))


def _without(hand: tuple[int, ...], done: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(hand)
    for index in done:
        rest.remove(index)
    return tuple(rest)


def _relabelled(part: tuple[tuple[tuple[int, int], ...], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The trump part with each step's faces renamed in the order met (the level cards of the plain
    suits share a step: which plain suit each one came from is a name, not a difference)."""
    names: dict[tuple[int, int], int] = {}
    counts: dict[int, int] = {}
    for hand in part:
        for step, label in hand:
            if (step, label) not in names:
                names[step, label] = counts.get(step, 0)
                counts[step] = names[step, label] + 1
    return tuple(tuple(sorted((step, names[step, label]) for step, label in hand)) for hand in part)
