"""An endgame position: every hand visible, the trump, who leads, and the points so far.

A position file is a TOML table ``[position]``; ``Position.from_dict`` checks every field and
raises ``RuleError`` naming the field (``position.hands.2: unknown card 'X9'``).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.cards import Card, codes, parse_card
from ..engine.errors import CardError, RuleError
from ..engine.rules import PRESET_NAMES, Rules
from ..engine.trump import Trump, normalise_level, normalise_suit

FIELDS = ("rules", "level", "trump", "dealer", "leader", "hands", "kitty", "points")
REQUIRED = ("level", "trump", "dealer", "leader", "hands")
KITTY_SIZE = 8
DECK_POINTS = 200


@dataclass(frozen=True)
class Position:
    """A position at a trick boundary: ``leader`` leads the next trick from ``hands``.

    ``hands[seat]`` are the cards of seat 0..3 (all the same length); ``kitty`` the buried cards
    (up to 8, may be empty); ``points`` the attackers' points taken before this position;
    ``trump`` a suit letter or None for no-trump; ``rules`` a preset name.
    """

    rules: str
    level: str
    trump: str | None
    dealer: int
    leader: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...] = ()
    points: int = 0

    def __post_init__(self) -> None:
        _check_rules(self.rules, "position.rules")
        _check_level(self.level, "position.level")
        _check_trump(self.trump, "position.trump")
        object.__setattr__(self, "rules", Rules.preset(self.rules).name)
        object.__setattr__(self, "level", normalise_level(self.level))
        object.__setattr__(self, "trump", normalise_suit(self.trump))
        if not isinstance(self.hands, Sequence) or isinstance(self.hands, str):
            raise RuleError("position_bad_type", {"field": "position.hands", "expected": "four hands (seats 0–3)", "value": repr(self.hands)})
        hands = tuple(_read_cards(hand, f"position.hands.{seat}") for seat, hand in enumerate(self.hands))
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "kitty", _read_cards(self.kitty, "position.kitty"))
        _check_seat(self.dealer, "position.dealer")
        _check_seat(self.leader, "position.leader")
        _check_hands(self.hands, self.kitty)
        _check_points(self.points, self.hands, self.kitty)

    # --- reading and writing -------------------------------------------------------------

    @staticmethod
    def from_dict(table: Mapping[str, Any]) -> Position:
        """A position from the ``[position]`` table (a whole file's dict is unwrapped too)."""
        if not isinstance(table, Mapping):
            raise RuleError("position_not_table", {"field": "position", "value": repr(table)})
        if set(table) == {"position"} and isinstance(table["position"], Mapping):
            table = table["position"]
        for name in table:
            if name not in FIELDS:
                raise RuleError(
                    "position_unknown_field", {"field": f"position.{name}", "known": ", ".join(FIELDS)}
                )
        for name in REQUIRED:
            if name not in table:
                raise RuleError("position_missing", {"field": f"position.{name}"})
        rules = _read_rules(table.get("rules", "super_tycoon"))
        level = _read_level(table["level"])
        trump = _read_trump(table["trump"])
        dealer = _read_seat(table["dealer"], "position.dealer")
        leader = _read_seat(table["leader"], "position.leader")
        hands = _read_hands(table["hands"])
        kitty = _read_cards(table.get("kitty", []), "position.kitty")
        points = _read_int(table.get("points", 0), "position.points")
        return Position(rules, level, trump, dealer, leader, hands, kitty, points)

    @staticmethod
    def from_toml(text: str) -> Position:
        """A position from TOML text holding a ``[position]`` table."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise RuleError("position_bad_toml", {"detail": str(error)}) from None
        if "position" not in data:
            raise RuleError("position_missing", {"field": "position"})
        table = data["position"]
        if not isinstance(table, dict):
            raise RuleError("position_not_table", {"field": "position", "value": repr(table)})
        return Position.from_dict(table)

    @staticmethod
    def load(path: str | Path) -> Position:
        """A position from a TOML file (``OSError`` when it cannot be read)."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            raise RuleError("position_bad_toml", {"detail": f"not UTF-8 text ({error.reason})"}) from None
        return Position.from_toml(text)

    def to_dict(self) -> dict[str, Any]:
        """The ``[position]`` table, the inverse of ``from_dict`` (cards as space-joined codes)."""
        return {
            "rules": self.rules,
            "level": self.level,
            "trump": self.trump or "none",
            "dealer": self.dealer,
            "leader": self.leader,
            "hands": {str(seat): codes(hand) for seat, hand in enumerate(self.hands)},
            "kitty": codes(self.kitty),
            "points": self.points,
        }

    # --- derived facts -------------------------------------------------------------------

    @property
    def trump_context(self) -> Trump:
        """The engine's trump context for this position's level and trump suit."""
        return Trump(self.level, self.trump)

    @property
    def rules_preset(self) -> Rules:
        return Rules.preset(self.rules)

    @property
    def defenders(self) -> tuple[int, int]:
        """The dealer's team: seats dealer and dealer+2 (lower seat first)."""
        first, second = sorted((self.dealer, (self.dealer + 2) % 4))
        return (first, second)

    @property
    def attackers(self) -> tuple[int, int]:
        """The team that is not dealing: seats dealer+1 and dealer+3 (lower seat first)."""
        first, second = sorted(((self.dealer + 1) % 4, (self.dealer + 3) % 4))
        return (first, second)

    def is_attacker(self, seat: int) -> bool:
        return (seat - self.dealer) % 2 == 1

    @property
    def cards_per_hand(self) -> int:
        return len(self.hands[0])

    @property
    def kitty_points(self) -> int:
        return sum(card.points for card in self.kitty)


# --- field readers ---------------------------------------------------------------------


def _read_rules(value: object) -> str:
    if not isinstance(value, str):
        raise RuleError("position_bad_type", {"field": "position.rules", "expected": "a preset name", "value": repr(value)})
    _check_rules(value, "position.rules")
    return Rules.preset(value).name


def _check_rules(value: str, field: str) -> None:
    try:
        Rules.preset(value)
    except RuleError:
        raise RuleError(
            "position_bad_rules", {"field": field, "value": repr(value), "known": ", ".join(PRESET_NAMES)}
        ) from None


def _read_level(value: object) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise RuleError("position_bad_type", {"field": "position.level", "expected": "a level such as \"2\" or \"K\"", "value": repr(value)})
    _check_level(value, "position.level")
    return normalise_level(value)


def _check_level(value: str | int, field: str) -> None:
    try:
        normalise_level(value)
    except RuleError:
        raise RuleError("position_bad_level", {"field": field, "value": repr(value)}) from None


def _read_trump(value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise RuleError("position_bad_type", {"field": "position.trump", "expected": "a suit letter or \"none\"", "value": repr(value)})
    _check_trump(value, "position.trump")
    return normalise_suit(value)


def _check_trump(value: str | None, field: str) -> None:
    try:
        normalise_suit(value)
    except RuleError:
        raise RuleError("position_bad_trump", {"field": field, "value": repr(value)}) from None


def _read_int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError("position_bad_type", {"field": field, "expected": "a whole number", "value": repr(value)})
    return value


def _read_seat(value: object, field: str) -> int:
    seat = _read_int(value, field)
    _check_seat(seat, field)
    return seat


def _check_seat(seat: int, field: str) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise RuleError("position_bad_seat", {"field": field, "value": repr(seat)})


def _read_cards(value: object, field: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        tokens: Sequence[object] = value.replace(",", " ").split()
    elif isinstance(value, list | tuple):
        tokens = value
    else:
        raise RuleError("position_bad_type", {"field": field, "expected": "cards (\"SA SK\" or a list)", "value": repr(value)})
    cards: list[Card] = []
    for token in tokens:
        if isinstance(token, Card):
            cards.append(token)
            continue
        if not isinstance(token, str):
            raise RuleError("position_unknown_card", {"field": field, "token": repr(token)})
        try:
            cards.append(parse_card(token))
        except CardError:
            raise RuleError("position_unknown_card", {"field": field, "token": token}) from None
    return tuple(cards)


def _read_hands(value: object) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, list | tuple):
        if len(value) != 4:
            raise RuleError("position_bad_type", {"field": "position.hands", "expected": "four hands (seats 0–3)", "value": f"{len(value)} hands"})
        return tuple(_read_cards(cards, f"position.hands.{seat}") for seat, cards in enumerate(value))
    if not isinstance(value, Mapping):
        raise RuleError("position_bad_type", {"field": "position.hands", "expected": "a table of seat = cards", "value": repr(value)})
    by_seat: dict[int, tuple[Card, ...]] = {}
    for key, cards in value.items():
        seat_text = str(key).strip()
        if not seat_text.isdigit() or not 0 <= int(seat_text) <= 3:
            raise RuleError("position_bad_seat", {"field": f"position.hands.{key}", "value": repr(key)})
        if int(seat_text) in by_seat:
            raise RuleError("position_bad_seat", {"field": f"position.hands.{key}", "value": f"{key!r} (given twice)"})
        by_seat[int(seat_text)] = _read_cards(cards, f"position.hands.{seat_text}")
    for seat in range(4):
        if seat not in by_seat:
            raise RuleError("position_missing_seat", {"field": "position.hands", "seat": seat})
    return tuple(by_seat[seat] for seat in range(4))


# --- cross-field checks ----------------------------------------------------------------


def _check_hands(hands: tuple[tuple[Card, ...], ...], kitty: tuple[Card, ...]) -> None:
    if len(hands) != 4:
        raise RuleError("position_bad_type", {"field": "position.hands", "expected": "four hands (seats 0–3)", "value": f"{len(hands)} hands"})
    counts = [len(hand) for hand in hands]
    if len(set(counts)) != 1:
        raise RuleError("position_uneven_hands", {"field": "position.hands", "counts": ", ".join(map(str, counts))})
    if counts[0] == 0:
        raise RuleError("position_empty_hands", {"field": "position.hands"})
    if len(kitty) > KITTY_SIZE:
        raise RuleError("position_kitty_size", {"field": "position.kitty", "count": len(kitty)})
    copies: Counter[int] = Counter()
    places = [(f"position.hands.{seat}", hand) for seat, hand in enumerate(hands)]
    for field, cards in [*places, ("position.kitty", kitty)]:
        for card in cards:
            copies[card.index] += 1
            if copies[card.index] > 2:
                total = sum(c.index == card.index for hand in hands for c in hand)
                total += sum(c.index == card.index for c in kitty)
                raise RuleError("position_too_many_copies", {"field": field, "card": card.code, "count": total})


def _check_points(points: int, hands: tuple[tuple[Card, ...], ...], kitty: tuple[Card, ...]) -> None:
    still_out = sum(card.points for hand in hands for card in hand) + sum(card.points for card in kitty)
    most = DECK_POINTS - still_out
    if isinstance(points, bool) or not isinstance(points, int) or points < 0 or points % 5 or points > most:
        raise RuleError("position_bad_points", {"field": "position.points", "value": repr(points), "most": most})
