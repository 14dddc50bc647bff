"""The trainer's puzzles as the ratings need them (id → set and difficulty) and its sets' titles, from the
puzzle files' headers alone.

The dashboard replays the class's ratings and needs nothing else of a puzzle; building the whole
trainer bank (every position parsed, every question made) for that costs seconds. This reads each
file's lines: the ``[set]`` table (parsed, for the titles) and each ``[[puzzle]]``'s ``id`` and
``difficulty`` lines, up to the puzzle's first sub-table. A test checks it equals ``trainer_bank()``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .fields import read_text
from .loader import DATA_DIR, MINED_DIR, puzzle_files

_KEY = re.compile(r"^(id|difficulty)\s*=")


@dataclass(frozen=True)
class PuzzleIndex:
    """Each puzzle's (set id, difficulty) by id, first file first as in the bank, and each set's title
    (English, Chinese) by set id."""

    puzzles: dict[str, tuple[str, int]]
    titles: dict[str, tuple[str, str]]


def _read_file(path: Path) -> tuple[tuple[str, str], list[tuple[str, int]]]:
    """One file's set title and its puzzles' (id, difficulty), in file order."""
    set_lines: list[str] = []
    entries: list[dict[str, object]] = []
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped.split("#", 1)[0].strip()
            if section == "[[puzzle]]":
                entries.append({})
            elif section == "[set]" or section.startswith("[set."):
                set_lines.append(stripped)
            continue
        if section == "[set]" or section.startswith("[set."):
            set_lines.append(line)
        elif section == "[[puzzle]]" and _KEY.match(stripped):
            entries[-1].update(tomllib.loads(stripped))
    title = read_text(tomllib.loads("\n".join(set_lines))["set"]["title"], "set.title")
    return (title.en, title.zh), [(str(entry["id"]), int(str(entry["difficulty"]))) for entry in entries]


def read_index(files: Iterable[Path]) -> PuzzleIndex:
    """The index of ``files`` (a puzzle id met again is the first file's, as the bank keeps it)."""
    puzzles: dict[str, tuple[str, int]] = {}
    titles: dict[str, tuple[str, str]] = {}
    for path in files:
        titles[path.stem], found = _read_file(path)
        for puzzle_id, difficulty in found:
            puzzles.setdefault(puzzle_id, (path.stem, difficulty))
    return PuzzleIndex(puzzles, titles)


@cache
def trainer_index() -> PuzzleIndex:
    """The index of what ``trainer_bank()`` holds: the shipped sets, then the mined ones; read once."""
    written, _ = puzzle_files([DATA_DIR])
    mined, _ = puzzle_files([MINED_DIR]) if MINED_DIR.is_dir() else ([], [])
    return read_index([*written, *mined])
