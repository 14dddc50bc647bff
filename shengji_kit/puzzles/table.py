"""The ``[puzzle.position]`` table: rules, trump context, seats, hands, kitty, points, trick.

Every kind reads the same table; each kind says which fields it needs (``Table.need``).
Hands are what each seat holds now; ``trick`` holds the cards already played to the current
trick, seat by seat in play order starting with ``leader``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import CARDS, Card, codes
from ..engine.errors import RuleError
from ..engine.rules import Rules
from ..engine.shapes import shape
from ..engine.trump import Trump
from .fields import (
    Raw,
    join,
    read_cards,
    read_int,
    read_seat,
    read_seat_cards,
    read_str,
    reject_unknown,
    require,
)
from .problems import FieldError

PATH = "position"
TABLE_FIELDS = ("rules", "level", "trump", "dealer", "leader", "hands", "kitty", "points", "trick")
KITTY_SIZE = 8
DECK_POINTS = 200


@dataclass(frozen=True)
class Table:
    """A puzzle's position, read and checked; ``raw`` keeps the TOML table as written."""

    rules: Rules
    trump: Trump
    dealer: int | None
    leader: int | None
    hands: Mapping[int, tuple[Card, ...]]
    kitty: tuple[Card, ...] | None
    points: int | None
    trick: tuple[tuple[int, tuple[Card, ...]], ...]
    raw: Raw = field(repr=False, compare=False)

    def need(self, *names: str) -> None:
        """Raise ``FieldError`` for the first of ``names`` the position does not give."""
        for name in names:
            if name not in self.raw:
                raise FieldError(join(PATH, name), "missing (this kind of puzzle needs it)")

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds; ``FieldError`` when the position does not give them."""
        if seat not in self.hands:
            raise FieldError(join(PATH, f"hands.{seat}"), "missing (this puzzle needs that seat's hand)")
        return self.hands[seat]

    @property
    def lead(self) -> tuple[Card, ...]:
        """The cards led to the current trick."""
        if not self.trick:
            raise FieldError(join(PATH, "trick"), "missing (this kind of puzzle needs a trick)")
        return self.trick[0][1]

    @property
    def next_to_play(self) -> int:
        """The seat after the last one that played to the trick."""
        if not self.trick:
            raise FieldError(join(PATH, "trick"), "missing (this kind of puzzle needs a trick)")
        return (self.trick[-1][0] + 1) % 4

    def is_attacker(self, seat: int) -> bool:
        """Attackers are the team that is not dealing."""
        if self.dealer is None:
            raise FieldError(join(PATH, "dealer"), "missing (this kind of puzzle needs it)")
        return (seat - self.dealer) % 2 == 1

    def to_dict(self) -> dict[str, Any]:
        """The position with cards as ASCII codes, for front ends."""
        table: dict[str, Any] = {
            "rules": self.rules.name,
            "level": self.trump.level,
            "trump": self.trump.suit or "none",
            "hands": {str(seat): codes(cards) for seat, cards in sorted(self.hands.items())},
            "trick": [[seat, codes(cards)] for seat, cards in self.trick],
        }
        for name in ("dealer", "leader", "points"):
            if getattr(self, name) is not None:
                table[name] = getattr(self, name)
        if self.kitty is not None:
            table["kitty"] = codes(self.kitty)
        return table


def read_table(raw: Any) -> Table:
    """Read and check ``[puzzle.position]``; raises ``FieldError`` naming the bad field."""
    if not isinstance(raw, Mapping):
        raise FieldError(PATH, "must be a table")
    reject_unknown(raw, TABLE_FIELDS, PATH)
    rules = _read_rules(require(raw, "rules", PATH))
    trump = _read_trump(require(raw, "level", PATH), require(raw, "trump", PATH))
    dealer = read_seat(raw["dealer"], join(PATH, "dealer")) if "dealer" in raw else None
    leader = read_seat(raw["leader"], join(PATH, "leader")) if "leader" in raw else None
    hands = read_seat_cards(raw["hands"], join(PATH, "hands")) if "hands" in raw else {}
    kitty = read_cards(raw["kitty"], join(PATH, "kitty"), allow_empty=True) if "kitty" in raw else None
    if kitty is not None and len(kitty) > KITTY_SIZE:
        raise FieldError(join(PATH, "kitty"), f"the kitty holds at most {KITTY_SIZE} cards, not {len(kitty)}")
    points = None
    if "points" in raw:
        points = read_int(raw["points"], join(PATH, "points"), 0, DECK_POINTS)
        if points % 5:
            raise FieldError(join(PATH, "points"), f"points come in fives, not {points}")
    trick = _read_trick(raw.get("trick"), leader, trump)
    table = Table(rules, trump, dealer, leader, hands, kitty, points, trick, raw)
    _check_copies(table)
    return table


def _read_rules(value: Any) -> Rules:
    name = read_str(value, join(PATH, "rules"))
    try:
        return Rules.preset(name)
    except RuleError as error:
        raise FieldError(join(PATH, "rules"), error.message("en")) from None


def _read_trump(level: Any, suit: Any) -> Trump:
    if isinstance(level, bool) or not isinstance(level, str | int):
        raise FieldError(join(PATH, "level"), f"must be a level such as \"2\" or \"K\", not {level!r}")
    if not isinstance(suit, str):
        raise FieldError(join(PATH, "trump"), f"must be S, H, C, D or \"none\", not {suit!r}")
    try:
        Trump(level, None)
    except RuleError as error:
        raise FieldError(join(PATH, "level"), error.message("en")) from None
    try:
        return Trump(level, suit)
    except RuleError as error:
        raise FieldError(join(PATH, "trump"), error.message("en")) from None


def _read_trick(value: Any, leader: int | None, trump: Trump) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    if value is None:
        return ()
    path = join(PATH, "trick")
    plays = read_seat_cards(value, path)
    if leader is None:
        raise FieldError(join(PATH, "leader"), "missing (a trick needs the seat that led it)")
    if leader not in plays:
        raise FieldError(path, f"the leader (seat {leader}) has not played to the trick")
    order = [(leader + i) % 4 for i in range(len(plays))]
    if set(order) != set(plays):
        raise FieldError(path, f"the seats that played must follow the leader in turn: {order}")
    trick = tuple((seat, plays[seat]) for seat in order)
    lead = trick[0][1]
    if not lead:
        raise FieldError(join(path, str(leader)), "the lead holds no cards")
    try:
        shape(lead, trump)
    except RuleError as error:
        raise FieldError(join(path, str(leader)), error.message("en")) from None
    for seat, cards in trick[1:]:
        if len(cards) != len(lead):
            raise FieldError(join(path, str(seat)), f"plays {len(cards)} cards to a lead of {len(lead)}")
    return trick


def _check_copies(table: Table) -> None:
    copies: Counter[int] = Counter()
    for cards in table.hands.values():
        copies.update(card.index for card in cards)
    for _, cards in table.trick:
        copies.update(card.index for card in cards)
    copies.update(card.index for card in table.kitty or ())
    for index, count in sorted(copies.items()):
        if count > 2:
            raise FieldError(PATH, f"{CARDS[index].code} appears {count} times, but each card exists twice")
