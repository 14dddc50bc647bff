""""Show me": an endgame's optimal line trick by trick (the solver's), or any other puzzle's answer."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..engine.cards import Card
from ..puzzles import Choice, Puzzle
from ..solver import Trick
from ..words.catalogue import text


def right_choices(puzzle: Puzzle) -> list[Choice]:
    """The offered choices the engine accepts (judged by ``puzzle.check``, never by stored answers)."""
    return [choice for choice in puzzle.question.choices() if puzzle.check(choice.value).correct]


def answer_text(puzzle: Puzzle, lang: str = "en") -> str:
    """The right answer in words: the accepted choices' labels, else the question's own statement."""
    choices = right_choices(puzzle)
    if choices:
        return text("join_choices", lang).join(choice.label(lang) for choice in choices)
    return puzzle.question.expected(lang)


@dataclass
class ShowMe:
    """Steps through ``tricks`` (empty for puzzles that are not endgames: then one step, the answer)."""

    puzzle: Puzzle
    tricks: tuple[Trick, ...]
    step: int = 1

    @classmethod
    def of(cls, puzzle: Puzzle) -> ShowMe:
        return cls(puzzle, puzzle.question.solution_line())

    @property
    def steps(self) -> int:
        return max(len(self.tricks), 1)

    @property
    def finished(self) -> bool:
        return self.step >= self.steps

    @property
    def trick(self) -> Trick | None:
        """The trick shown at this step (None when there is no line)."""
        return self.tricks[self.step - 1] if self.tricks else None

    def advance(self) -> bool:
        """Go on to the next trick; False at the end."""
        if self.finished:
            return False
        self.step += 1
        return True

    def total(self) -> int:
        """The attackers' total after the trick shown."""
        before = self.puzzle.table.points or 0
        return before + sum(trick.gained for trick in self.tricks[: self.step])

    def hands(self) -> dict[int, tuple[Card, ...]]:
        """Every hand once the trick shown has been played (its cards lie on the table)."""
        left = {seat: Counter(cards) for seat, cards in self.puzzle.table.hands.items()}
        for trick in self.tricks[: self.step]:
            for seat, play in zip(trick.seats, trick.plays, strict=True):
                left[seat].subtract(play)
        return {
            seat: tuple(card for card in cards if _take(left[seat], card))
            for seat, cards in self.puzzle.table.hands.items()
        }


def _take(left: Counter[Card], card: Card) -> bool:
    """True (and one fewer left) while copies of ``card`` remain."""
    if left[card] > 0:
        left[card] -= 1
        return True
    return False
