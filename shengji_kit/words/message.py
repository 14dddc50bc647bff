"""``Message``: a catalogue code with its parameters and a kind, written later in any language.

Coach reasons, puzzle feedback, page notices, store problems and refused names all carry one, so a
page can word them in the learner's language when it draws (and again after a language switch).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .catalogue import LANGUAGES, text

INFO, OK, ERROR = "info", "ok", "error"
KINDS = (INFO, OK, ERROR)


@dataclass(frozen=True)
class Message:
    """``code`` names a catalogue text; ``kind`` (info, ok or error) picks the colour of a message line.

    A parameter may itself be a Message (or a list of them, joined as clauses): it is written in
    the same language. Equal messages hash alike; the hash leaves out the parameters, which need not be hashable.
    """

    code: str
    params: Mapping[str, object] = field(default_factory=dict)
    kind: str = INFO

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"message kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        object.__setattr__(self, "params", dict(self.params))

    def __hash__(self) -> int:
        return hash((self.code, self.kind))

    def render(self, lang: str) -> str:
        """The text in ``lang``, nested messages and typed values (cards, seats…) written in it too."""
        return text(self.code, lang, **{key: _param(value, lang) for key, value in self.params.items()})

    def texts(self) -> dict[str, str]:
        """The text in every language, as a puzzle file writes one: ``{"en": …, "zh": …}``."""
        return {lang: self.render(lang) for lang in LANGUAGES}


def _param(value: object, lang: str) -> object:
    """A list of messages becomes one text of clauses (``a; b``); anything else is left to ``text``."""
    if isinstance(value, list | tuple) and value and all(isinstance(part, Message) for part in value):
        return text("join_clauses", lang).join(part.render(lang) for part in value if isinstance(part, Message))
    return value
