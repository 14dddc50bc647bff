"""A notice for the learner: a catalogue code with its parameters, shown in the chosen language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..words.catalogue import text

INFO, SUCCESS, ERROR = "info", "ok", "error"


@dataclass(frozen=True)
class Notice:
    """``kind`` is ``info``, ``ok`` or ``error`` (it picks the colour of the message line)."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)
    kind: str = INFO

    def render(self, lang: str = "en") -> str:
        return text(self.code, lang, **self.params)
