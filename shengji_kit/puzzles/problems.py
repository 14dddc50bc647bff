"""A problem found in a puzzle file: which file, which puzzle, which field, and what is wrong."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..words import Message


class FieldError(ValueError):
    """A puzzle field that cannot be read; ``field`` is its dotted path (``position.hands.2``)."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.detail = message
        super().__init__(f"{field}: {message}")


@dataclass(frozen=True)
class Problem:
    """One failure: ``file``, the puzzle's ``puzzle_id`` (None for the file itself), ``field``.

    ``message`` is English; ``reason``, when given, words it in any language (a file that cannot be
    read says why, and ``line`` where).
    """

    file: str
    puzzle_id: str | None
    field: str
    message: str
    reason: Message | None = dataclasses.field(default=None, compare=False)
    line: int | None = dataclasses.field(default=None, compare=False)

    def text(self, lang: str) -> str:
        """The message in ``lang`` (the English ``message`` when there is no ``reason``)."""
        return self.reason.render(lang) if self.reason is not None else self.message

    def __str__(self) -> str:
        where = f"puzzle {self.puzzle_id!r}" if self.puzzle_id is not None else "file"
        return f"{self.file}: {where}: field {self.field!r}: {self.message}"
