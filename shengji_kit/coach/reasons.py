"""A reason the coach gives: a catalogue code and typed parameters, worded in ``en`` or ``zh``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine.cards import parse_cards
from ..words.catalogue import text

Param = int | str
CARD_KEYS = ("cards", "coach_cards", "other")


@dataclass(frozen=True)
class Reason:
    """``code`` names a catalogue message; ``params`` hold seats, suits, card codes and numbers."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        return text(self.code, lang, **typed(self.params))

    def __str__(self) -> str:
        return self.message("en")


def typed(params: Mapping[str, Param]) -> dict[str, object]:
    """Parameters as the catalogue's typed values: card codes become cards (seats, suits, numbers stay)."""
    return {
        key: tuple(parse_cards(value)) if key in CARD_KEYS and isinstance(value, str) else value
        for key, value in params.items()
    }
