"""The hint a puzzle shows: its hand-written one, or for an endgame without one the coach's.

The coach's hint for an endgame is the solver's (every hand is open in an endgame, so the coach
plays perfectly): one best lead and the total it reaches. Other kinds always have a written hint.
"""

from __future__ import annotations

from ..puzzles import Puzzle
from ..puzzles.answers import answer_cards
from ..puzzles.kinds.endgame import Endgame
from ..words.catalogue import text


def coach_hint(puzzle: Puzzle, lang: str = "en") -> str | None:
    """The coach's hint for a position puzzle it can solve (endgames), else None."""
    question = puzzle.question
    if not isinstance(question, Endgame):
        return None
    solution = question.solution()
    if not solution.best:
        return None
    lead = min(solution.best)
    return text("coachui_trainer_endgame", lang, cards=tuple(answer_cards(lead)), total=solution.total)


def puzzle_hint(puzzle: Puzzle, lang: str = "en") -> str:
    """The written hint, or the coach's where none was written."""
    written = puzzle.hint(lang)
    if written:
        return written
    return coach_hint(puzzle, lang) or written
