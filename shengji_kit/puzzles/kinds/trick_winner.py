"""Which play wins the trick? The four plays are on the table; the answer is a seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.tricks import trick_winner
from ...game.position_table import PositionTable
from ..answers import answer_seat, cards_text, seat_text
from ..fields import Raw, read_seat, require
from ..model import Choice, Grade, Line, Mismatch, Question
from ..problems import FieldError
from ..text import Text

KIND = "trick_winner"
FIELDS = ("answer",)


@dataclass(frozen=True)
class TrickWinner(Question):
    """``answer`` is the seat whose play takes the trick in ``table.trick``."""

    kind: ClassVar[str] = KIND
    FORMAT: ClassVar[str] = "seat"
    table: PositionTable
    stated: int

    def winner(self) -> int:
        """The winning seat, by ``trick_winner``."""
        plays = [cards for _, cards in self.table.trick]
        return self.table.trick[trick_winner(plays, self.table.trump)][0]

    def _played(self, seat: int) -> str:
        return cards_text(dict(self.table.trick)[seat])

    def prompt(self, lang: str = "en") -> str:
        return Line("puzzle_trick_prompt", {"leader": self.table.trick[0][0]}).render(lang)

    def choices(self) -> list[Choice]:
        return [
            Choice(str(seat), Text.of("puzzle_choice_trick", seat=seat, cards=cards))
            for seat, cards in self.table.trick
        ]

    def grade(self, answer: object) -> Grade:
        seat = answer_seat(answer, [seat for seat, _ in self.table.trick])
        winner = self.winner()
        takes = Line("puzzle_trick_takes", {"seat": winner, "cards": dict(self.table.trick)[winner]})
        if seat == winner:
            return Grade(True, (takes,))
        wrong = Line("puzzle_trick_not", {"seat": seat, "cards": dict(self.table.trick)[seat]})
        return Grade(False, (wrong,), (takes,))

    def expected(self, lang: str = "en") -> str:
        winner = self.winner()
        return f"{seat_text(winner)(lang)} {self._played(winner)}"

    def verify(self) -> list[Mismatch]:
        winner = self.winner()
        if winner == self.stated:
            return []
        return [Mismatch("answer", f"states seat {self.stated}, but trick_winner gives seat {winner} ({self._played(winner)})")]


def parse(raw: Raw, table: PositionTable) -> TrickWinner:
    """Read a trick-winner puzzle: a complete trick and the winning seat."""
    table.need("leader", "trick")
    if len(table.trick) != 4:
        raise FieldError("position.trick", f"needs the plays of all four seats, not {len(table.trick)}")
    return TrickWinner(table, read_seat(require(raw, "answer"), "answer"))
