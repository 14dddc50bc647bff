"""What kinds that ask several things (``ask``) share: the right answer written as its choice's label,
and the check of the stated answer against the engine's."""

from __future__ import annotations

from ...words import Message
from ..model import Choice, Mismatch


class AskedAnswer:
    """A mixin for a question with ``ask``, ``stated``, ``truth()``, ``working()`` and ``choices()``."""

    ask: str
    stated: object

    def truth(self) -> object:
        raise NotImplementedError

    def working(self) -> Message:
        raise NotImplementedError

    def choices(self) -> list[Choice]:
        return []

    def expected(self, lang: str = "en") -> str:
        """The right answer as the learner reads it (a choice's label in ``lang``, else the value)."""
        truth = self.truth()
        for choice in self.choices():
            if choice.value == str(truth):
                return choice.label(lang)
        return str(truth)

    def verify(self) -> list[Mismatch]:
        """Empty when the stated answer is the engine's, else the mismatch with the working."""
        truth = self.truth()
        if truth == self.stated:
            return []
        working = self.working().render("en")
        return [Mismatch("answer", f"states {self.stated!r} for {self.ask}, but the engine gives {truth!r}: {working}")]
