"""The class service as JupyterHub starts it: ``python -m shengji_kit.apps.classroom.class_service``.

It is shengji_kit/classroom/hub_service.py with the kit's items: every trainer puzzle of the bank and
every lesson exercise, so the service judges each attempt with the engine itself and derives the
solves and stars (a learner's page never asserts them). An item it does not know is refused.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

from ...classroom import hub_service
from ...puzzles.bank import default_bank
from ...puzzles.lesson_exercises import lesson_files, load_lesson
from ...puzzles.model import Puzzle

log = logging.getLogger("shengji_kit.hub_service")


@dataclass(frozen=True)
class ItemBook:
    """The items the service checks answers of: id → (puzzle, its dashboard group)."""

    items: dict[str, tuple[Puzzle, str]]

    @staticmethod
    def of(puzzles: Iterable[tuple[Puzzle, str]]) -> ItemBook:
        """The book of ``(puzzle, group)`` pairs; the first of two with one id wins."""
        found: dict[str, tuple[Puzzle, str]] = {}
        for puzzle, group in puzzles:
            found.setdefault(puzzle.id, (puzzle, group))
        return ItemBook(found)

    @staticmethod
    def kit() -> ItemBook:
        """The shipped bank (group: the puzzle's set) and the lessons' exercises (group: the lesson's slug)."""
        bank = [(puzzle, puzzle.set_id) for puzzle in default_bank().puzzles()]
        lessons = [(item, path.stem) for path in lesson_files() for item in load_lesson(path.stem).items]
        return ItemBook.of([*bank, *lessons])

    def group(self, item: str) -> str | None:
        """The dashboard group of ``item``; None when the service does not know it."""
        known = self.items.get(item)
        return None if known is None else known[1]

    def check(self, item: str, answer: str) -> bool:
        """Whether ``answer`` (as the page recorded it, text) is right, judged by the engine."""
        puzzle = self.items[item][0]
        try:
            return puzzle.check(answer).correct
        except Exception as error:  # a kind that cannot read this text: not right, and logged
            log.warning("checking an answer to %s failed: %s", item, error)
            return False


def main() -> None:
    """Run the class service with the kit's items (JupyterHub's ``services`` command)."""
    hub_service.main(ItemBook.kit())


if __name__ == "__main__":
    main()
