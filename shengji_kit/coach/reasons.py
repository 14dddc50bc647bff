"""A reason the coach gives: a catalogue code and typed parameters, worded in ``en`` or ``zh``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine.cards import parse_cards, symbols
from ..engine.explain import render_message, seat_name, suit_name
from . import messages as _messages  # noqa: F401  (registers the coach's message codes)

Param = int | str
SEAT_KEYS = ("seat", "partner", "winner")
CARD_KEYS = ("cards", "coach_cards", "other")


@dataclass(frozen=True)
class Reason:
    """``code`` names a catalogue message; ``params`` hold seats, suits, card codes and numbers."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        return render_message(self.code, words(self.params, lang), lang)

    def __str__(self) -> str:
        return self.message("en")


def words(params: Mapping[str, Param], lang: str) -> dict[str, object]:
    """Parameters turned into words: seat numbers to names, suit letters to names, codes to symbols."""
    ready: dict[str, object] = {}
    for key, value in params.items():
        if key in SEAT_KEYS and isinstance(value, int):
            ready[key] = seat_name(value, lang)
        elif key == "suit" and isinstance(value, str):
            ready[key] = suit_name(value, lang)
        elif key in CARD_KEYS and isinstance(value, str):
            ready[key] = symbols(parse_cards(value)) if value else "-"
        else:
            ready[key] = value
    return ready
