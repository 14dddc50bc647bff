"""The list of lessons (``lesson_list.toml``): number, slug, title and the matching trainer set."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..kit_files import LESSONS, kit_files
from .fields import read_int, read_str, read_text, require
from .text import Text

LIST_FILE = Path(__file__).resolve().parent / "lesson_list.toml"


@dataclass(frozen=True)
class LessonEntry:
    """One lesson: its ``number``, ``slug`` (the notebook's name), title and trainer set ("" for none)."""

    number: int
    slug: str
    title: Text
    trainer_set: str

    @property
    def notebook(self) -> str:
        return f"{self.slug}.ipynb"

    def exists(self) -> bool:
        """Does the kit hold this lesson's notebook?"""
        return (kit_files().root / LESSONS / self.notebook).is_file()


@cache
def lesson_list() -> tuple[LessonEntry, ...]:
    """Every listed lesson, by number (the file is the kit's own: a bad entry is a bug, so it raises)."""
    data = tomllib.loads(LIST_FILE.read_text(encoding="utf-8"))
    entries = []
    for raw in data.get("lesson", []):
        entries.append(LessonEntry(
            read_int(require(raw, "number"), "number", 0, 99), read_str(require(raw, "slug"), "slug"),
            read_text(require(raw, "title"), "title"), str(raw.get("set", "")),
        ))
    return tuple(sorted(entries, key=lambda entry: entry.number))


def lesson_entry(slug_or_number: str | int) -> LessonEntry | None:
    """The entry with this slug or number, or None."""
    return next((e for e in lesson_list() if slug_or_number in (e.slug, e.number)), None)


def next_lesson(number: int) -> LessonEntry | None:
    """The first listed lesson after ``number`` whose notebook exists, or None."""
    return next((e for e in lesson_list() if e.number > number and e.exists()), None)
