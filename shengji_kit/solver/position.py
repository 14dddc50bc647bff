"""An endgame position: every hand visible, the trump, who leads, and the points so far.

A position file is a TOML table ``[position]``, read by the same reader as the puzzles'
positions (``game.position_table``); every refusal is a ``PositionError`` naming the field
(``position.hands.2: unknown card 'X9'``) and, once known, the file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.cards import Card, codes
from ..engine.rules import Rules, rules_value
from ..engine.trump import Trump
from ..game.position_table import SEATS, PositionError, PositionTable, read_position_table

REQUIRED = ("dealer", "leader", "hands")


@dataclass(frozen=True)
class Position:
    """A position at a trick boundary: ``leader`` leads the next trick from ``hands``.

    ``hands[seat]`` are the cards of seat 0..3 (all the same length); ``kitty`` the buried cards
    (up to 8, may be empty); ``points`` the attackers' points taken before this position;
    ``trump`` a suit letter or None for no-trump; ``rules`` the rule preset (a name is accepted).
    """

    rules: Rules
    level: str
    trump: str | None
    dealer: int
    leader: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...] = ()
    points: int = 0

    def __post_init__(self) -> None:
        raw = {
            "rules": self.rules, "level": self.level, "trump": self.trump, "dealer": self.dealer,
            "leader": self.leader, "hands": self.hands, "kitty": self.kitty, "points": self.points,
        }
        table = read_position_table(raw, required=REQUIRED)
        object.__setattr__(self, "rules", table.rules)
        object.__setattr__(self, "level", table.trump.level)
        object.__setattr__(self, "trump", table.trump.suit)
        object.__setattr__(self, "hands", _whole_deal(table))
        object.__setattr__(self, "kitty", table.kitty or ())

    # --- reading and writing -------------------------------------------------------------

    @staticmethod
    def from_table(table: PositionTable) -> Position:
        """The position of a table already read: all four hands, dealer and leader, no trick."""
        if table.trick:
            raise PositionError("position_trick_at_boundary", {"field": f"{table.path}.trick"})
        table.need(*REQUIRED)
        assert table.dealer is not None and table.leader is not None
        hands = _whole_deal(table)
        return Position(
            table.rules, table.trump.level, table.trump.suit, table.dealer, table.leader, hands,
            table.kitty or (), table.points or 0,
        )

    @staticmethod
    def from_dict(table: Mapping[str, Any]) -> Position:
        """A position from the ``[position]`` table (a whole file's dict is unwrapped too)."""
        if isinstance(table, Mapping) and set(table) == {"position"} and isinstance(table["position"], Mapping):
            table = table["position"]
        return Position.from_table(read_position_table(table, required=REQUIRED))

    @staticmethod
    def from_toml(text: str, base: str | Path | None = None) -> Position:
        """A position from TOML text holding a ``[position]`` table; a house-rules file it names is read
        from the folder ``base``."""
        try:
            data = tomllib.loads(text.removeprefix("\ufeff"))  # a byte-order mark, as some editors save
        except tomllib.TOMLDecodeError as error:
            raise PositionError("position_bad_toml", {"detail": str(error)}) from None
        if "position" not in data:
            raise PositionError("position_missing", {"field": "position"})
        return Position.from_table(read_position_table(data["position"], required=REQUIRED, base=base))

    @staticmethod
    def load(path: str | Path) -> Position:
        """A position from a TOML file (``OSError`` when it cannot be read; ``PositionError``
        naming the file and field when it is not a position)."""
        try:
            text = Path(path).read_text(encoding="utf-8-sig")
            return Position.from_toml(text, Path(path).parent)
        except UnicodeDecodeError as error:
            detail = f"not UTF-8 text ({error.reason})"
            raise PositionError("position_bad_toml", {"detail": detail}, file=str(path)) from None
        except PositionError as error:
            raise error.located(str(path)) from None

    def to_dict(self) -> dict[str, Any]:
        """The ``[position]`` table, the inverse of ``from_dict`` (cards as space-joined codes)."""
        return {
            "rules": rules_value(self.rules),
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
        """The engine's trump context for this position's level and trump suit, played by its rules."""
        return Trump(self.level, self.trump).under(self.rules)

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


def _whole_deal(table: PositionTable) -> tuple[tuple[Card, ...], ...]:
    """The four hands of a position: every seat given, all of one non-zero length."""
    for seat in range(SEATS):
        if seat not in table.hands:
            raise PositionError("position_missing_seat", {"field": f"{table.path}.hands", "seat": seat})
    hands = tuple(table.hands[seat] for seat in range(SEATS))
    counts = [len(hand) for hand in hands]
    if len(set(counts)) != 1:
        raise PositionError(
            "position_uneven_hands", {"field": f"{table.path}.hands", "counts": ", ".join(map(str, counts))}
        )
    if counts[0] == 0:
        raise PositionError("position_empty_hands", {"field": f"{table.path}.hands"})
    return hands
