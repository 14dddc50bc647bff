"""Lesson 5, throws 甩牌: what the notebook ``lessons/05_throws.ipynb`` shows, cell by cell.

Every function builds its own widget or answer (a cell may run before any other) and shows a
bilingual message instead of a traceback when something is wrong.
"""

from __future__ import annotations

from ...engine.checked_api import check_throw
from ...engine.trump import Trump
from ...render.lesson_panels.throw_check import ThrowCheckPanel
from ...render.lesson_panels.throw_table import ThrowTable
from ...widgets.surface import CardSurface
from ...widgets.switch import language_switch
from . import cells as lesson
from .notice import Said, try_it
from .winning_lesson import who_wins

__all__ = ["check", "exercises", "language_switch", "links", "throw_table", "try_throw", "who_wins"]

SLUG = "05_throws"
NUMBER = 5
SEATS = {"east": 1, "north": 2, "west": 3}


def throw_table(seed: int | None = 6, rules: str = "super_tycoon") -> CardSurface:
    """The live table: build a throw from your hand, check it, then reveal the other hands."""
    return lesson.safely(lambda: CardSurface(ThrowTable(seed, rules)))


def check(
    throw: str, east: str = "", north: str = "", west: str = "",
    level: str = "2", trump: str | None = "S", rules: str = "super_tycoon",
) -> Said:
    """Try it: South throws ``throw``; does it stand against these hands? (``sk.check_throw``.)"""

    def build() -> Said:
        result = check_throw(throw, [east, north, west], Trump(level, trump), rules)
        blocker = None if result.blocker is None else result.blocker + 1
        return Said({lang: [result.message(lang, blocker)] for lang in ("en", "zh")}, ok=result.ok)

    return try_it(build, "l5_try_error")


def try_throw(
    throw: str, east: str = "", north: str = "", west: str = "",
    level: str = "2", trump: str | None = "S", rules: str = "super_tycoon",
) -> CardSurface:
    """Try it, live: South's throw and the three hands shown; the learner types cards to change any of
    them or switches the rules, and the engine says at once whether the throw stands."""
    return lesson.safely(lambda: CardSurface(ThrowCheckPanel(
        throw, {SEATS["east"]: east, SEATS["north"]: north, SEATS["west"]: west}, Trump(level, trump), rules,
    )))


def exercises(group: str, seed: int | None = None) -> CardSurface:
    """One block of the lesson's exercises (``shengji_kit/puzzles/lesson_data/05_throws.toml``)."""
    return lesson.exercises(SLUG, group, seed=seed)


def links() -> CardSurface:
    """The end of the lesson: the next lesson and the throws set of the puzzle trainer."""
    return lesson.links(NUMBER)


