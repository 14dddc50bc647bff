"""The class service as JupyterHub starts it: ``python -m shengji_kit.apps.classroom.class_service``.

It is shengji_kit/classroom/hub_service.py with the kit's items: every trainer puzzle of the bank and
every lesson exercise, so the service judges each attempt with the engine itself and derives the
solves and stars (a learner's page never asserts them). An item it does not know is refused.
The same service serves the class's shared tables to the hub's users (``hub_tables.py``, ``tables/api/``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ...classroom import hub_service
from ...puzzles.bank import trainer_bank
from ...puzzles.lesson_exercises import LessonExercises, lesson_files, load_lesson, parse_dealt_id
from ...puzzles.model import Puzzle
from .hub_tables import tables_routes

log = logging.getLogger("shengji_kit.hub_service")
DEALT_KEPT = 4096  # dealt items remembered (each answer's events ask for its item more than once)


@dataclass(frozen=True)
class ItemBook:
    """The items the service checks answers of: id → (puzzle, its dashboard group)."""

    items: dict[str, tuple[Puzzle, str]]
    lessons: Mapping[str, LessonExercises] = field(default_factory=dict)
    """The lesson files by slug, read once: their blocks deal the dealt items again."""
    _dealt: dict[str, tuple[Puzzle, str] | None] = field(default_factory=dict, compare=False, repr=False)

    @staticmethod
    def of(puzzles: Iterable[tuple[Puzzle, str]], lessons: Mapping[str, LessonExercises] | None = None) -> ItemBook:
        """The book of ``(puzzle, group)`` pairs; the first of two with one id wins."""
        found: dict[str, tuple[Puzzle, str]] = {}
        for puzzle, group in puzzles:
            found.setdefault(puzzle.id, (puzzle, group))
        return ItemBook(found, lessons or {})

    @staticmethod
    def kit() -> ItemBook:
        """What the trainer offers, the mined sets too (group: the puzzle's set), and the lessons' exercises
        (group: the lesson's slug): every answer a learner can record is judged by the engine."""
        bank = [(puzzle, puzzle.set_id) for puzzle in trainer_bank().puzzles()]
        lessons = {path.stem: load_lesson(path.stem) for path in lesson_files()}
        written = [(item, slug) for slug, lesson in lessons.items() for item in lesson.items]
        return ItemBook.of([*bank, *written], lessons)

    def find(self, item: str) -> tuple[Puzzle, str] | None:
        """``item``'s puzzle and group: a written item, or a dealt one dealt again from the seed in its id."""
        known = self.items.get(item)
        if known is not None:
            return known
        if item not in self._dealt:
            if len(self._dealt) >= DEALT_KEPT:
                self._dealt.clear()
            self._dealt[item] = self._deal_again(item)
        return self._dealt[item]

    def _deal_again(self, item: str) -> tuple[Puzzle, str] | None:
        """A lesson's dealt item rebuilt from its id (lesson, block, seed); None when the id names none."""
        parts = parse_dealt_id(item)
        lesson = self.lessons.get(parts[0]) if parts is not None else None
        if parts is None or lesson is None:
            return None
        puzzle = lesson.deal_seeded(parts[1], parts[2])
        return None if puzzle is None or puzzle.id != item else (puzzle, lesson.slug)

    def group(self, item: str) -> str | None:
        """The dashboard group of ``item``; None when the service does not know it."""
        known = self.find(item)
        return None if known is None else known[1]

    def check(self, item: str, answer: str) -> bool:
        """Whether ``answer`` (as the page recorded it, text) is right, judged by the engine."""
        known = self.find(item)
        if known is None:
            return False
        puzzle = known[0]
        try:
            return puzzle.check(answer).correct
        except Exception as error:  # a kind that cannot read this text: not right, and logged
            log.warning("checking an answer to %s failed: %s", item, error)
            return False


def main() -> None:
    """Run the class service with the kit's items (JupyterHub's ``services`` command)."""
    hub_service.main(ItemBook.kit(), more=tables_routes)  # the shared tables too (hub_tables.py)


if __name__ == "__main__":
    main()
