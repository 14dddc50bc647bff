"""The ``[position]`` table of solver files and puzzles: one reader, one error type naming the field.

``read_position_table`` reads and checks every field given (rules, trump, seats, hands, kitty,
points, the cards of the current trick) and leaves absent optional ones ``None``. The solver's
``Position`` then asks for a whole deal at a trick boundary; each puzzle kind asks (``need``) for
the fields it uses. Every refusal is a ``PositionError`` whose ``field`` is the dotted path
(``position.hands.2``); the file and puzzle it came from are added once known (``located``).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import Card, codes, parse_card
from ..engine.errors import CardError, RuleError
from ..engine.rules import PRESET_NAMES, Rules, rules_value
from ..engine.shapes import shape
from ..engine.trump import Trump, normalise_level, normalise_suit
from ..words import Message
from ..words.catalogue import text
from .house_file import load_rules, looks_like_file

PATH = "position"
FIELDS = ("rules", "level", "trump", "dealer", "leader", "hands", "kitty", "points", "trick")
ALWAYS_REQUIRED = ("level", "trump")
DEFAULT_RULES = "super_tycoon"
SEATS = 4
KITTY_SIZE = 8
DECK_POINTS = 200

SeatCards = dict[int, tuple[Card, ...]]
TrickCards = tuple[tuple[int, tuple[Card, ...]], ...]


class PositionError(RuleError):
    """A position table that cannot be read: ``code`` and ``params`` (``params["field"]`` is the
    dotted field); ``file`` and ``puzzle_id`` say where the table was, when that is known."""

    def __init__(
        self, code: str, params: Mapping[str, object], file: str | None = None, puzzle_id: str | None = None
    ) -> None:
        self.file = file
        self.puzzle_id = puzzle_id
        super().__init__(code, params)
        self.args = (self.describe("en"),)

    @property
    def field(self) -> str:
        """The dotted path of the bad field (``position.hands.2``)."""
        return str(self.params.get("field", PATH))

    def located(self, file: str | None, puzzle_id: str | None = None) -> PositionError:
        """This error, now naming the file (and the puzzle) the table came from."""
        self.file = file
        self.puzzle_id = puzzle_id
        self.args = (self.describe("en"),)
        return self

    def describe(self, lang: str = "en") -> str:
        """The message, preceded by the file and puzzle when they are known."""
        message = self.message(lang)
        if self.file is None:
            return message
        if self.puzzle_id is None:
            return text("position_in_file", lang, file=self.file, message=message)
        return text("position_in_puzzle", lang, file=self.file, puzzle_id=self.puzzle_id, message=message)


def join(path: str, key: object) -> str:
    """A dotted field path: ``join("position", "hands")`` is ``position.hands``."""
    return f"{path}.{key}" if path else str(key)


@dataclass(frozen=True)
class PositionTable:
    """A position, read and checked; absent optional fields are None (``hands`` holds the seats
    given, ``trick`` the cards played to the current trick in play order). ``raw`` is the table
    as written."""

    rules: Rules
    trump: Trump
    dealer: int | None
    leader: int | None
    hands: Mapping[int, tuple[Card, ...]]
    kitty: tuple[Card, ...] | None
    points: int | None
    trick: TrickCards
    raw: Mapping[str, Any] = field(repr=False, compare=False)
    path: str = field(default=PATH, repr=False, compare=False)

    def need(self, *names: str) -> None:
        """Raise ``PositionError`` for the first of ``names`` the table does not give."""
        for name in names:
            if name not in self.raw:
                raise PositionError("position_needed", {"field": join(self.path, name)})

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds; ``PositionError`` when the table does not give them."""
        if seat not in self.hands:
            raise PositionError("position_needed", {"field": join(self.path, f"hands.{seat}")})
        return self.hands[seat]

    @property
    def lead(self) -> tuple[Card, ...]:
        """The cards led to the current trick."""
        self.need("trick")
        return self.trick[0][1]

    @property
    def next_to_play(self) -> int:
        """The seat after the last one that played to the trick."""
        self.need("trick")
        return (self.trick[-1][0] + 1) % SEATS

    def is_attacker(self, seat: int) -> bool:
        """Attackers are the team that is not dealing."""
        if self.dealer is None:
            raise PositionError("position_needed", {"field": join(self.path, "dealer")})
        return (seat - self.dealer) % 2 == 1

    def to_dict(self) -> dict[str, Any]:
        """The table with cards as ASCII codes (for front ends and files)."""
        table: dict[str, Any] = {
            "rules": rules_value(self.rules),
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


def read_position_table(
    raw: object,
    *,
    required: Iterable[str] = (),
    fields: Sequence[str] = FIELDS,
    path: str = PATH,
    base: str | os.PathLike[str] | None = None,
) -> PositionTable:
    """Read and check a position table; ``required`` fields beyond level and trump must be given,
    keys outside ``fields`` are refused; a house-rules file named by ``rules`` is read from the
    folder ``base``. Raises ``PositionError`` naming the first bad field."""
    if not isinstance(raw, Mapping):
        raise PositionError("position_not_table", {"field": path, "value": repr(raw)})
    for name in raw:
        if name not in fields:
            raise PositionError("position_unknown_field", {"field": join(path, name), "known": ", ".join(fields)})
    for name in (*ALWAYS_REQUIRED, *required):
        if name not in raw:
            raise PositionError("position_missing", {"field": join(path, name)})
    rules = read_rules(raw.get("rules", DEFAULT_RULES), join(path, "rules"), base)
    level = read_level(raw["level"], join(path, "level"))
    trump = Trump(level, read_trump(raw["trump"], join(path, "trump"))).under(rules)
    dealer = read_seat(raw["dealer"], join(path, "dealer")) if "dealer" in raw else None
    leader = read_seat(raw["leader"], join(path, "leader")) if "leader" in raw else None
    hands = read_hands(raw["hands"], join(path, "hands")) if "hands" in raw else {}
    kitty = read_cards(raw["kitty"], join(path, "kitty")) if "kitty" in raw else None
    if kitty is not None and len(kitty) > KITTY_SIZE:
        raise PositionError("position_kitty_size", {"field": join(path, "kitty"), "count": len(kitty)})
    trick = read_trick(raw["trick"], leader, trump, path) if "trick" in raw else ()
    points = read_int(raw["points"], join(path, "points")) if "points" in raw else None
    table = PositionTable(rules, trump, dealer, leader, hands, kitty, points, trick, raw, path)
    check_copies(table)
    if points is not None:
        check_points(table)
    return table


# --- field readers ---------------------------------------------------------------------


def read_rules(value: object, field: str, base: str | os.PathLike[str] | None = None) -> Rules:
    """A rule preset by name, a house-rules file (``"house.toml"``, relative to ``base``), an inline
    ``[rules]`` table, or a ``Rules`` object, as Python callers pass it."""
    if isinstance(value, Rules):
        return value
    if isinstance(value, Mapping) or looks_like_file(value):
        try:
            return load_rules(value, base)  # type: ignore[arg-type]
        except RuleError as error:
            params = {"field": field, "reason": Message(error.code, error.params, "error")}
            raise PositionError("house_position_rules", params) from None
    if not isinstance(value, str):
        raise PositionError("position_bad_type", {"field": field, "expected": "a preset name", "value": repr(value)})
    try:
        return Rules.preset(value)
    except RuleError:
        params = {"field": field, "value": repr(value), "known": ", ".join(PRESET_NAMES)}
        raise PositionError("position_bad_rules", params) from None


def read_level(value: object, field: str) -> str:
    """A level such as ``"2"``, ``10`` or ``"K"``, normalised."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        params = {"field": field, "expected": 'a level such as "2" or "K"', "value": repr(value)}
        raise PositionError("position_bad_type", params)
    try:
        return normalise_level(value)
    except RuleError:
        raise PositionError("position_bad_level", {"field": field, "value": repr(value)}) from None


def read_trump(value: object, field: str) -> str | None:
    """A trump suit letter or symbol, or ``"none"`` (or None) for no-trump."""
    if value is not None and not isinstance(value, str):
        params = {"field": field, "expected": 'a suit letter or "none"', "value": repr(value)}
        raise PositionError("position_bad_type", params)
    try:
        return normalise_suit(value)
    except RuleError:
        raise PositionError("position_bad_trump", {"field": field, "value": repr(value)}) from None


def read_int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError("position_bad_type", {"field": field, "expected": "a whole number", "value": repr(value)})
    return value


def read_seat(value: object, field: str) -> int:
    """A seat 0..3."""
    seat = read_int(value, field)
    if not 0 <= seat < SEATS:
        raise PositionError("position_bad_seat", {"field": field, "value": repr(seat)})
    return seat


def read_cards(value: object, field: str) -> tuple[Card, ...]:
    """Cards written ``"SA SK H10"`` (commas allowed) or as a list of codes or ``Card`` objects."""
    if isinstance(value, str):
        tokens: Sequence[object] = value.replace(",", " ").split()
    elif isinstance(value, list | tuple):
        tokens = value
    else:
        params = {"field": field, "expected": 'cards ("SA SK" or a list)', "value": repr(value)}
        raise PositionError("position_bad_type", params)
    cards: list[Card] = []
    for token in tokens:
        if isinstance(token, Card):
            cards.append(token)
            continue
        if not isinstance(token, str):
            raise PositionError("position_unknown_card", {"field": field, "token": repr(token)})
        try:
            cards.append(parse_card(token))
        except CardError:
            raise PositionError("position_unknown_card", {"field": field, "token": token}) from None
    return tuple(cards)


def read_seat_cards(value: object, field: str) -> SeatCards:
    """A table ``{ 0 = "SA SK", 2 = "H3" }`` of seat -> cards; each seat at most once."""
    if not isinstance(value, Mapping):
        params = {"field": field, "expected": "a table of seat = cards", "value": repr(value)}
        raise PositionError("position_bad_type", params)
    by_seat: SeatCards = {}
    for key, cards in value.items():
        text = str(key).strip()
        if isinstance(key, bool) or not text.isdigit() or not 0 <= int(text) < SEATS:
            raise PositionError("position_bad_seat", {"field": join(field, key), "value": repr(key)})
        if int(text) in by_seat:
            raise PositionError("position_bad_seat", {"field": join(field, key), "value": f"{key!r} (given twice)"})
        by_seat[int(text)] = read_cards(cards, join(field, text))
    return by_seat


def read_hands(value: object, field: str) -> SeatCards:
    """The hands by seat: a table of seat -> cards, or a list of all four hands."""
    if isinstance(value, list | tuple):
        if len(value) != SEATS:
            params = {"field": field, "expected": "four hands (seats 0–3)", "value": f"{len(value)} hands"}
            raise PositionError("position_bad_type", params)
        return {seat: read_cards(cards, join(field, seat)) for seat, cards in enumerate(value)}
    return read_seat_cards(value, field)


def read_trick(value: object, leader: int | None, trump: Trump, path: str = PATH) -> TrickCards:
    """The cards played to the current trick, seat by seat from ``leader`` on."""
    field = join(path, "trick")
    plays = read_seat_cards(value, field)
    if leader is None:
        raise PositionError("position_trick_needs_leader", {"field": join(path, "leader")})
    if leader not in plays:
        raise PositionError("position_trick_without_leader", {"field": field, "seat": leader})
    order = [(leader + i) % SEATS for i in range(len(plays))]
    if set(order) != set(plays):
        raise PositionError("position_trick_order", {"field": field, "order": ", ".join(map(str, order))})
    trick = tuple((seat, plays[seat]) for seat in order)
    lead = trick[0][1]
    if not lead:
        raise PositionError("position_trick_empty_lead", {"field": join(field, leader)})
    try:
        shape(lead, trump)
    except RuleError:
        raise PositionError("position_trick_bad_lead", {"field": join(field, leader), "cards": codes(lead)}) from None
    for seat, cards in trick[1:]:
        if len(cards) != len(lead):
            params = {"field": join(field, seat), "count": len(cards), "lead": len(lead)}
            raise PositionError("position_trick_count", params)
    return trick


# --- checks across fields --------------------------------------------------------------


def _places(table: PositionTable) -> list[tuple[str, tuple[Card, ...]]]:
    """Every group of cards in the table with its field: hands, the trick, the kitty."""
    places = [(join(table.path, f"hands.{seat}"), cards) for seat, cards in sorted(table.hands.items())]
    places += [(join(table.path, f"trick.{seat}"), cards) for seat, cards in table.trick]
    places.append((join(table.path, "kitty"), table.kitty or ()))
    return places


def check_copies(table: PositionTable) -> None:
    """Each card exists twice: name the field where a third copy appears."""
    places = _places(table)
    total = Counter(card.index for _, cards in places for card in cards)
    seen: Counter[int] = Counter()
    for field_name, cards in places:
        for card in cards:
            seen[card.index] += 1
            if seen[card.index] > 2:
                params = {"field": field_name, "card": card.code, "count": total[card.index]}
                raise PositionError("position_too_many_copies", params)


def check_points(table: PositionTable) -> None:
    """Points taken so far come in fives and leave room for the points still in the table's cards."""
    points = table.points
    still_out = sum(card.points for _, cards in _places(table) for card in cards)
    most = DECK_POINTS - still_out
    if points is None or points < 0 or points % 5 or points > most:
        raise PositionError(
            "position_bad_points", {"field": join(table.path, "points"), "value": repr(points), "most": most}
        )
