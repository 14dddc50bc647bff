"""What a narrated deal's note claims about the hands, checked on the cards of the trick just played.

A note is shown after a trick only when every claim it makes holds there, so a learner who left the best
line never reads "you kept ♠A♠A" after the pair was split. Claims are data (``when`` in the deal's file).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card, parse_cards
from ...engine.scoring import points
from ...puzzles.fields import read_text
from ...puzzles.text import Text
from ...solver.position import Position

__all__ = ["Claim", "Note", "TrickSeen", "read_note"]

SUITS = ("S", "H", "C", "D", "T")


@dataclass(frozen=True)
class TrickSeen:
    """A finished trick as the claims see it: the position it started from, the plays and what followed."""

    before: Position
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    """(seat, cards) in the order played; the first is the lead."""
    winner: int
    after: tuple[tuple[Card, ...], ...]
    """Every seat's hand once the trick is played."""
    kitty_times: int
    """The kitty's multiplier when this last trick took it for the attackers, else 0."""
    choices: Mapping[int, int]
    """Each seat's number of distinct legal plays in this trick."""

    def played(self, seat: int) -> tuple[Card, ...]:
        return next((cards for s, cards in self.plays if s == seat), ())


def _same(a: tuple[Card, ...], b: tuple[Card, ...]) -> bool:
    return sorted(c.code for c in a) == sorted(c.code for c in b)


def _within(cards: tuple[Card, ...], hand: tuple[Card, ...]) -> bool:
    rest = [c.code for c in hand]
    for card in cards:
        if card.code not in rest:
            return False
        rest.remove(card.code)
    return True


def _suit_count(seen: TrickSeen, seat: int, suit: str) -> int:
    context = seen.before.trump_context
    return sum(1 for card in seen.before.hands[seat] if context.suit_of(card) == suit)


def _top(seen: TrickSeen, hands: tuple[tuple[Card, ...], ...], seat: int, card: Card) -> bool:
    """``seat`` holds ``card`` and no other hand holds a higher card of its suit (trumps count as one suit)."""
    context = seen.before.trump_context
    suit, step = context.suit_of(card), context.step(card)
    return card in hands[seat] and not any(
        context.suit_of(other) == suit and context.step(other) > step
        for s, hand in enumerate(hands) if s != seat for other in hand)


def _became_top(seen: TrickSeen, seat: int, cards: tuple[Card, ...]) -> bool:
    return all(_top(seen, seen.after, seat, card) and not _top(seen, seen.before.hands, seat, card)
               for card in cards)


def _showed_out(seen: TrickSeen, seat: int, suit: str) -> bool:
    """The lead was of ``suit`` and ``seat`` played a card of another suit: he has none of ``suit`` left."""
    context = seen.before.trump_context
    led = seen.plays[0][1]
    return (seen.plays[0][0] != seat and context.suit_of(led[0]) == suit
            and any(context.suit_of(card) != suit for card in seen.played(seat)))


def _trumps_out_after(seen: TrickSeen, seat: int) -> int:
    context = seen.before.trump_context
    return sum(1 for s, hand in enumerate(seen.after) if s != seat for card in hand if context.is_trump(card))


def _attackers_after(seen: TrickSeen) -> int:
    """The attackers' points once this trick is scored (with the kitty when it was the last trick)."""
    gained = 0
    if seen.before.is_attacker(seen.winner):
        gained = points(card for _seat, cards in seen.plays for card in cards)
        gained += points(seen.before.kitty) * seen.kitty_times
    return seen.before.points + gained


CHECKS: dict[str, Callable[[TrickSeen, int, Any], bool]] = {
    "led": lambda seen, seat, cards: seen.plays[0][0] == seat and _same(seen.plays[0][1], cards),
    "played": lambda seen, seat, cards: _same(seen.played(seat), cards),
    "held_before": lambda seen, seat, cards: _within(cards, seen.before.hands[seat]),
    "held_after": lambda seen, seat, cards: _within(cards, seen.after[seat]),
    "left_after": lambda seen, seat, number: len(seen.after[seat]) == number,
    "void_before": lambda seen, seat, suit: _suit_count(seen, seat, suit) == 0,
    "trumps_before": lambda seen, seat, number: _suit_count(seen, seat, "T") == number,
    "won": lambda seen, seat, flag: (seen.winner == seat) == flag,
    "choice": lambda seen, seat, flag: (seen.choices.get(seat, 0) > 1) == flag,
    "kitty_times": lambda seen, _seat, number: seen.kitty_times == number,
    "became_top": _became_top,
    "showed_out": _showed_out,
    "trumps_out_after": lambda seen, seat, number: _trumps_out_after(seen, seat) == number,
    "attackers_after": lambda seen, _seat, number: _attackers_after(seen) == number,
    "points_left_after": lambda seen, _seat, number: points(c for hand in seen.after for c in hand) == number,
}
"""``became_top``: each card is ``seat``'s and, after the trick and not before, no other hand holds a higher card
of its suit. ``showed_out``: a card of another suit played to a lead of this one. ``trumps_out_after``: trumps
in the other three hands after the trick. ``attackers_after``: the attackers' points once the trick is scored.
``points_left_after``: the points still in the four hands."""
CARD_KINDS = ("led", "played", "held_before", "held_after", "became_top")
SUIT_KINDS = ("void_before", "showed_out")


@dataclass(frozen=True)
class Claim:
    """One checkable claim: ``kind`` (a key of ``CHECKS``) about ``seat`` with its ``value``."""

    kind: str
    seat: int
    value: Any

    def holds(self, seen: TrickSeen) -> bool:
        return CHECKS[self.kind](seen, self.seat, self.value)


@dataclass(frozen=True)
class Note:
    """An idea note and the claims it makes; shown after the first trick where all of them hold."""

    text: Text
    when: tuple[Claim, ...]

    def holds(self, seen: TrickSeen) -> bool:
        return all(claim.holds(seen) for claim in self.when)


def _claim(raw: object, field: str) -> Claim:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{field}: a claim is a table such as {{ seat = 0, led = \"S2\" }}")
    seat = raw.get("seat", 0)
    kinds = [key for key in raw if key != "seat"]
    if len(kinds) != 1 or kinds[0] not in CHECKS or not isinstance(seat, int) or not 0 <= seat < 4:
        raise ValueError(f"{field}: one seat (0-3) and one of {', '.join(CHECKS)}")
    kind, value = kinds[0], raw[kinds[0]]
    if kind in CARD_KINDS:
        value = tuple(parse_cards(str(value)))
    elif kind in SUIT_KINDS and value not in SUITS:
        raise ValueError(f"{field}: {kind} takes a suit letter, one of {' '.join(SUITS)}")
    return Claim(kind, seat, value)


def read_note(raw: Mapping[str, Any], field: str) -> Note:
    """A ``[[note]]`` table: ``text`` in each language and ``when``, the claims it makes (at least one)."""
    when = raw.get("when")
    if not isinstance(when, list) or not when:
        raise ValueError(f"{field}.when: a note needs the claims it makes, so it is shown only where they hold")
    return Note(read_text(raw.get("text"), f"{field}.text"),
                tuple(_claim(item, f"{field}.when.{i}") for i, item in enumerate(when)))
