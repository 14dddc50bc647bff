"""Reading puzzle files: one TOML file per set; a bad puzzle is reported and the others still load."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine.errors import RuleError
from ..game.input_checks import InputError, read_toml
from ..game.position_table import PositionError, read_position_table
from ..words import Message
from .fields import Raw, read_int, read_str, read_text, reject_unknown, require
from .kinds import KINDS
from .model import Puzzle, PuzzleSet
from .problems import FieldError, Problem
from .text import Text

DATA_DIR = Path(__file__).parent / "data"
MINED_DIR = DATA_DIR / "mined"
"""The mined best-play sets (``puzzles mine``): not in the default bank's files, offered by theme."""
LESSON_DATA_DIR = Path(__file__).resolve().parent / "lesson_data"
"""The lessons' exercise files (same format, one file per lesson): ``puzzles check`` verifies them too."""
FILE_FIELDS = ("set", "puzzle")
SET_FIELDS = ("title", "description")
COMMON_FIELDS = ("id", "kind", "difficulty", "title", "hint", "explanation", "position")
LESSON_FIELDS = ("group", "question")  # optional: a lesson's exercise block and the item's own question
PUZZLE_REQUIRED = ("rules",)  # the solver's files may leave rules out; a puzzle names them
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
COACHED_KINDS = ("endgame",)
"""Kinds whose hint may be left out: the trainer shows the coach's (trainer/coach_hint.py)."""


def display_name(path: Path) -> str:
    """The path relative to the working directory when it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def puzzle_files(paths: Sequence[str | Path] | None = None) -> tuple[list[Path], list[Problem]]:
    """The ``.toml`` files named by ``paths`` (directories are searched); default: the shipped bank."""
    files: list[Path] = []
    problems: list[Problem] = []
    for item in [DATA_DIR] if not paths else [Path(p) for p in paths]:
        if item.is_dir():
            files.extend(sorted(item.glob("*.toml")))
        elif item.is_file():
            files.append(item)
        else:
            problems.append(Problem(display_name(item), None, "path", "no such file or directory"))
    return files, problems


def read_puzzle(raw: Any, set_id: str, file: str, base: Path | None = None) -> Puzzle:
    """One ``[[puzzle]]`` entry; raises ``FieldError`` naming the first bad field. A house-rules file
    its position names (``rules = "house.toml"``) is read from the folder ``base``, the item file's."""
    if not isinstance(raw, Mapping):
        raise FieldError("puzzle", "must be a table ([[puzzle]])")
    puzzle_id = read_puzzle_id(raw)
    kind_name = read_str(require(raw, "kind"), "kind")
    if kind_name not in KINDS:
        raise FieldError("kind", f"unknown kind {kind_name!r}; known kinds: {', '.join(KINDS)}")
    kind = KINDS[kind_name]
    reject_unknown(raw, COMMON_FIELDS + LESSON_FIELDS + kind.fields)
    group = read_group(raw["group"]) if "group" in raw else ""
    ask = read_text(raw["question"], "question") if "question" in raw else None
    difficulty = read_int(require(raw, "difficulty"), "difficulty", 1, 5)
    title = read_text(require(raw, "title"), "title")
    hint = read_text(require(raw, "hint"), "hint") if "hint" in raw or kind_name not in COACHED_KINDS else Text("", "")
    explanation = read_text(require(raw, "explanation"), "explanation")
    table = read_position_table(require(raw, "position"), required=PUZZLE_REQUIRED, base=base)
    question = kind.parse(raw, table)
    return Puzzle(
        puzzle_id, set_id, file, kind_name, difficulty, title, hint, explanation, table, question, group, ask
    )


def read_group(value: Any) -> str:
    group = read_str(value, "group")
    if not ID_PATTERN.match(group):
        raise FieldError("group", f"{group!r} must be lower-case letters, digits, '-' or '_'")
    return group


def read_puzzle_id(raw: Raw) -> str:
    puzzle_id = read_str(require(raw, "id"), "id")
    if not ID_PATTERN.match(puzzle_id):
        raise FieldError("id", f"{puzzle_id!r} must be lower-case letters, digits, '-' or '_'")
    return puzzle_id


def load_file(path: Path) -> tuple[PuzzleSet | None, list[Problem]]:
    """One puzzle set and the problems found in it (the set is None when the file is unreadable)."""
    file = display_name(path)
    try:
        data = read_toml(path)
    except OSError as error:
        reason = Message("input_cannot_open", {"detail": error.strerror or str(error)}, "error")
        return None, [Problem(file, None, "toml", reason.render("en"), reason)]
    except InputError as error:
        return None, [Problem(file, None, "toml", error.message("en"), error.reason, error.line)]
    problems: list[Problem] = []
    try:
        reject_unknown(data, FILE_FIELDS)
        header = require(data, "set")
        if not isinstance(header, Mapping):
            raise FieldError("set", "must be a table ([set])")
        reject_unknown(header, SET_FIELDS, "set")
        title = read_text(require(header, "title", "set"), "set.title")
        description = read_text(require(header, "description", "set"), "set.description")
    except FieldError as error:
        return None, [Problem(file, None, error.field, error.detail)]
    entries = data.get("puzzle", [])
    if not isinstance(entries, list) or not entries:
        return None, [Problem(file, None, "puzzle", "no puzzles: add [[puzzle]] entries")]
    puzzles: list[Puzzle] = []
    for number, raw in enumerate(entries, start=1):
        try:
            puzzles.append(read_puzzle(raw, path.stem, file, path.parent))
        except FieldError as error:
            problems.append(Problem(file, _id_or_number(raw, number), error.field, error.detail))
        except PositionError as error:
            error.located(file, _id_or_number(raw, number))
            reason = Message(error.code, error.params, "error")
            problems.append(Problem(file, error.puzzle_id, error.field, error.message("en"), reason))
        except RuleError as error:
            field = str(error.params.get("field", "position"))
            reason = Message(error.code, error.params, "error")
            problems.append(Problem(file, _id_or_number(raw, number), field, error.message("en"), reason))
    return PuzzleSet(path.stem, file, title, description, tuple(puzzles)), problems


def _id_or_number(raw: Any, number: int) -> str:
    if isinstance(raw, Mapping) and isinstance(raw.get("id"), str) and raw["id"].strip():
        return str(raw["id"]).strip()
    return f"#{number}"


def load_sets(paths: Sequence[str | Path] | None = None) -> tuple[list[PuzzleSet], list[Problem]]:
    """Every set of ``paths`` (default: the shipped bank) and every problem found while reading."""
    files, problems = puzzle_files(paths)
    sets: list[PuzzleSet] = []
    seen: dict[str, str] = {}
    for path in files:
        puzzle_set, found = load_file(path)
        problems.extend(found)
        if puzzle_set is None:
            continue
        unique: list[Puzzle] = []
        for puzzle in puzzle_set.puzzles:
            if puzzle.id in seen:
                problems.append(Problem(puzzle.file, puzzle.id, "id", f"already used in {seen[puzzle.id]}"))
                continue
            seen[puzzle.id] = puzzle.file
            unique.append(puzzle)
        sets.append(PuzzleSet(puzzle_set.id, puzzle_set.file, puzzle_set.title, puzzle_set.description, tuple(unique)))
    return sets, problems
