"""Lesson exercises as "what you missed" sees them: which lesson an item id belongs to, the item, its lesson's title.

A lesson block records its events under the item's id (a written item's ``id``, or a dealt item's
``dealt-<seed>-<slug>-<group>``), in the lesson's column of the class store or in the learner's
progress log, which the trainer reads too. An id is a lesson exercise when a listed lesson's file
holds it, or when it names a listed lesson's block and seed; a dealt item is dealt again from them.
"""

from __future__ import annotations

import functools
from pathlib import Path

from ..puzzles.lesson_exercises import LessonExercises, lesson_data_dir, load_lesson, parse_dealt_id
from ..puzzles.lesson_list import lesson_entry, lesson_list
from ..puzzles.model import Puzzle

__all__ = ["lesson_item", "lesson_of", "lesson_title"]


@functools.cache
def _lesson(slug: str, folder: Path) -> LessonExercises | None:
    try:
        return load_lesson(slug, folder)
    except (OSError, ValueError):
        return None


@functools.cache
def _written(folder: Path) -> dict[str, tuple[str, Puzzle]]:
    """Every written lesson item's id with its lesson's slug and the item (the first lesson naming an id)."""
    found: dict[str, tuple[str, Puzzle]] = {}
    for entry in lesson_list():
        lesson = _lesson(entry.slug, folder)
        for item in lesson.items if lesson is not None else ():
            found.setdefault(item.id, (entry.slug, item))
    return found


def lesson_of(item: str) -> str | None:
    """The slug of the lesson ``item`` is an exercise of (written or dealt), else None; nothing is dealt."""
    written = _written(lesson_data_dir()).get(item)
    if written is not None:
        return written[0]
    dealt = parse_dealt_id(item)
    return dealt[0] if dealt is not None and lesson_entry(dealt[0]) is not None else None


@functools.cache
def _dealt(item: str, folder: Path) -> Puzzle | None:
    parsed = parse_dealt_id(item)
    if parsed is None or lesson_entry(parsed[0]) is None:
        return None
    slug, group, seed = parsed
    lesson = _lesson(slug, folder)
    puzzle = lesson.deal_seeded(group, seed) if lesson is not None else None
    return puzzle if puzzle is not None and puzzle.id == item else None


def lesson_item(item: str) -> tuple[str, Puzzle] | None:
    """The lesson's slug and the exercise ``item`` names (a dealt one dealt again from its seed), else None."""
    folder = lesson_data_dir()
    written = _written(folder).get(item)
    if written is not None:
        return written
    dealt, parsed = _dealt(item, folder), parse_dealt_id(item)
    return None if dealt is None or parsed is None else (parsed[0], dealt)


def lesson_title(slug: str, lang: str) -> str:
    """The lesson's title in ``lang`` (from the lesson list), else its slug."""
    entry = lesson_entry(slug)
    return entry.title(lang) if entry is not None else slug
