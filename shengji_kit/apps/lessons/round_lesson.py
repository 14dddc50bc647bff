"""Lesson 0, a round in five minutes (一局牌怎么打): what ``lessons/00_a_round.ipynb`` shows.

``round_stepper(seed)`` steps through one seeded RuleBot round from the deal to the level change;
``exercises(group)`` is one block of the lesson's round-flow exercises.
"""

from __future__ import annotations

from ...render.lesson_panels.round_stepper import RoundStepper
from ...render.lesson_panels.round_story import STORY_SEED, recorded_story
from ...widgets.surface import CardSurface
from ...widgets.switch import language_switch
from . import cells as lesson

__all__ = ["exercises", "language_switch", "links", "round_stepper"]

SLUG = "00_a_round"
NUMBER = 0


def round_stepper(seed: int = STORY_SEED, rules: str = "super_tycoon") -> CardSurface:
    """The round of ``seed`` under ``rules``, stage by stage: table, deal, kitty, burying, tricks, count."""
    return lesson.safely(lambda: CardSurface(RoundStepper(recorded_story(seed, rules))))


def exercises(group: str, seed: int | None = None) -> CardSurface:
    """One block of the lesson's exercises (``shengji_kit/puzzles/lesson_data/00_a_round.toml``)."""
    return lesson.exercises(SLUG, group, seed=seed)


def links() -> CardSurface:
    """The end of the lesson: the link to lesson 1."""
    return lesson.links(NUMBER)
