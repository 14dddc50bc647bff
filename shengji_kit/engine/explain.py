"""Explanations: a ``Verdict`` per checked play, its text taken from the message catalogue.

Every refusal in the kit has a stable code; its text lives in ``shengji_kit/words/texts/<lang>/``
(see ``catalogue.py``), with the actual cards filled in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..words.catalogue import LANGUAGES, seat_name, suit_name, text

__all__ = ["LANGUAGES", "OK", "Verdict", "seat_name", "suit_name"]


@dataclass(frozen=True)
class Verdict:
    """The answer to "may I play this?": ``ok``, a stable ``code`` (None when ok), a message."""

    ok: bool
    code: str | None = None
    params: Mapping[str, object] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        return text(self.code or "ok", lang, **self.params)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.message("en")


OK = Verdict(True)
