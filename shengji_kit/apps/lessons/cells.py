"""What a lesson notebook calls: ``from shengji_kit import lesson; lesson.exercises("02_tractors", "spot")``.

Every call is self-contained (a cell may run before any other) and never shows a traceback: a
missing file, an unknown group or an unexpected error becomes a visible message in both languages.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ...classroom.identity import current_learner
from ...kit_files import page_address
from ...practice.keepers import lesson_keeper
from ...puzzles.bank import default_bank
from ...puzzles.lesson_exercises import learner_seed, lesson_data_dir, load_lesson
from ...puzzles.lesson_list import lesson_entry, next_lesson
from ...puzzles.problems import Problem
from ...render.exercises import problems_html
from ...render.lesson_panels.lesson_links import lesson_anchor
from ...widgets.exercise import ExerciseBlock, GroupExerciseScene
from ...widgets.learner_bar import show_block_learner_bar
from ...widgets.surface import CardSurface
from ...widgets.switch import language_switch
from ...words import languages_from, text
from .notice import notice, safely

__all__ = ["exercises", "language_switch", "links", "safely"]

def exercises(slug: str, group: str, data_dir: str | Path | None = None, seed: int | None = None, *,
              own_run: bool = False) -> CardSurface:
    """The exercise widget for one block (``group``) of a lesson's data file (``slug``), a practice session.
    "More like this" deals from ``seed``; without one, from a fresh seed, or with ``own_run`` from the learner's
    own (``learner_seed``), so a learner meets the same dealt items after a reload."""

    def build() -> CardSurface:
        lesson = load_lesson(slug, data_dir)
        items = lesson.group(group)
        if not items:
            broken = lesson.unreadable
            if broken is not None:
                reason = broken.reason or broken.message
                return notice("input_lesson_unreadable", lesson=slug, file=broken.file, reason=reason)
            if lesson.group_problems(group) and group in lesson.group_names():
                return CardSurface(ProblemsScene(lesson.group_problems(group)))
            if lesson.items or lesson.groups_of_ids:
                return notice("ex_no_group", group=group, lesson=slug)
            return notice("ex_no_lesson", lesson=slug, folder=str(lesson_data_dir(data_dir)))
        deal = functools.partial(lesson.deal, group)
        show_block_learner_bar()  # the learner's name (and the class's poll) above the block
        keeper = lesson_keeper(slug)  # the current learner's events, in the lesson's dashboard column
        start = seed
        if start is None and own_run:
            start = learner_seed(getattr(keeper, "learner", None) or current_learner(), slug, group)
        return ExerciseBlock(GroupExerciseScene(items, keeper, lesson.group_problems(group), deal, start))

    return safely(build)


class ProblemsScene:
    """A block whose every item is broken: the list of problems (file, item, field, why), in each language."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)

    def render(self, lang: str) -> str:
        return str(Markup("").join(
            Markup('<div class="sk-panel" lang="{lang}">{body}</div>').format(
                lang=one, body=problems_html(self.problems, one))
            for one in languages_from(lang)
        ))

    def handle(self, message: Mapping[str, Any]) -> None:
        """Nothing to click."""


class LinksScene:
    """The end of a lesson: the next lesson (when its notebook exists) and the matching trainer set."""

    def __init__(self, number: int) -> None:
        self.number = number

    def render(self, lang: str) -> str:
        parts: list[Markup] = []
        following = next_lesson(self.number)
        if following is not None:
            parts.append(Markup('<p>{head} {link}</p>').format(
                head=text("ex_next_lesson", lang), link=lesson_anchor(following, lang, "next-lesson")
            ))
        here = lesson_entry(self.number)
        if here is not None and here.trainer_set:
            try:
                title = default_bank().get_set(here.trainer_set).title(lang)
            except KeyError:
                title = ""
            if title:
                parts.append(Markup(
                    '<p><a href="{href}" data-role="trainer-link">{label}</a></p>'
                ).format(href=page_address(f"../notebooks/puzzles.ipynb?set={here.trainer_set}"),
                         label=text("ex_trainer_link", lang, title=title)))
        return str(Markup('<div class="sk-panel" data-role="lesson-links">{parts}</div>').format(
            parts=Markup("").join(parts)
        ))

    def handle(self, message: Mapping[str, Any]) -> None:
        """Links are followed by the browser itself."""


def links(number: int) -> CardSurface:
    """The links that end lesson ``number``: the next lesson and the matching trainer set."""
    return safely(lambda: CardSurface(LinksScene(number)))


