"""Lesson exercises as data: one TOML file per lesson (``data/NN_slug.toml``), read by the bank's loader.

Items are puzzles of the bank's format with a ``group`` (the exercise block of the lesson) and
optionally their own ``question`` text. A broken item is reported (file, id, field) and the others
still load. ``SHENGJI_KIT_LESSON_DATA`` (or a ``data_dir`` argument) points at a teacher's folder; a lesson it
has no file for keeps the kit's own. A file that is there but cannot be read is one problem saying why.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import RuleError
from ..game.input_checks import InputError, read_toml
from .choice_seed import order_seed
from .kinds import KINDS
from .kinds._deal import DealSpec
from .loader import LESSON_DATA_DIR as LESSON_FILES_DIR
from .loader import display_name, load_file, read_puzzle
from .model import Puzzle
from .problems import FieldError, Problem

LESSON_DATA_DIR = LESSON_FILES_DIR
DATA_ENV = "SHENGJI_KIT_LESSON_DATA"
SEED_LIMIT = 10**9
UNGUESSABLE_TRIES = 12
GUESSABLE_KINDS = frozenset({"is_trump", "is_tractor", "chance"})
"""Kinds answered by one of two choices (yes or no, a or b): a right answer may be a lucky guess."""
UNGUESSABLE_TWINS = {"is_trump": "sort", "is_tractor": "pick_tractor"}
"""For a guessable kind, the kind that asks about the same cards in a way that cannot be guessed."""
_DEALT_ID = re.compile(r"dealt-(\d{1,9})-(\d\d_[a-z0-9_]{1,60})-([a-z0-9_]{1,60})")


def guessable(puzzle: Puzzle) -> bool:
    """Whether the answer is one of two offered choices (yes or no, a or b), so a guess is right half the time."""
    return puzzle.question.answer_format == "choice" and len(puzzle.question.choices()) <= 2


def dealt_id(slug: str, group: str, seed: int) -> str:
    """The id of a dealt item: it names the lesson, the block and the seed, so anyone can deal it again."""
    return f"dealt-{seed}-{slug}-{group}"


def learner_seed(learner: str, slug: str, group: str) -> int:
    """The seed of ``learner``'s own run of a block's dealt items: the same after a reload, another for another
    learner (``choice_seed.order_seed`` of the learner and the block)."""
    return order_seed(learner, f"{slug}:{group}")


def parse_dealt_id(item: str) -> tuple[str, str, int] | None:
    """``(slug, group, seed)`` of a dealt item's id; None when ``item`` is not one."""
    found = _DEALT_ID.fullmatch(item)
    return None if found is None else (found[2], found[3], int(found[1]))


def lesson_data_dir(data_dir: str | Path | None = None) -> Path:
    """Where the lesson files are: ``data_dir``, else ``$SHENGJI_KIT_LESSON_DATA``, else the shipped folder."""
    if data_dir is not None:
        return Path(data_dir)
    env = os.environ.get(DATA_ENV, "").strip()
    return Path(env) if env else LESSON_DATA_DIR


@dataclass(frozen=True)
class LessonExercises:
    """One lesson file: its items in file order and the problems met while reading it."""

    slug: str
    file: str
    items: tuple[Puzzle, ...]
    problems: tuple[Problem, ...]
    groups_of_ids: Mapping[str, str]
    """Each item id (also of broken items) and the group it names, as written."""

    @property
    def unreadable(self) -> Problem | None:
        """Why a file that is there gave no items at all (its encoding, its TOML, its ``[set]``), else None."""
        if self.items:
            return None
        return next((p for p in self.problems if p.puzzle_id is None and p.field != "path"), None)

    def group(self, name: str) -> list[Puzzle]:
        """The items of one exercise block, in file order."""
        return [item for item in self.items if item.group == name]

    def group_names(self) -> list[str]:
        """Every group named in the file, in order of first appearance."""
        return list(dict.fromkeys(self.groups_of_ids.values()))

    def group_problems(self, name: str) -> tuple[Problem, ...]:
        """The problems of one block: its broken items, and those of the file that name no group."""
        return tuple(p for p in self.problems if self.groups_of_ids.get(p.puzzle_id or "", name) == name)

    def deal(self, name: str, rng: random.Random, unguessable: bool = False) -> Puzzle | None:
        """A fresh item like the group's, from its kind's generator (None when the kind has none); with
        ``unguessable``, one whose answer cannot be guessed (not yes/no, not a-or-b) when the block's own ideas
        give one within a few tries, else the last dealt (the block's own kind of question comes first)."""
        dealt = None
        for _ in range(UNGUESSABLE_TRIES if unguessable else 1):
            dealt = self.deal_seeded(name, rng.randrange(SEED_LIMIT))
            if dealt is None or not unguessable or not guessable(dealt):
                return dealt
        return dealt

    def deal_seeded(self, name: str, seed: int) -> Puzzle | None:
        """The item ``deal`` gives for ``seed``: the same seed, the same item (and id) everywhere. A block of
        several kinds deals each in turn by seed; a block whose only kinds can be guessed deals, for one seed
        in three, the kind that asks the same thing without a guess (``UNGUESSABLE_TWINS``). A kind that names
        the ideas a block teaches (``block_ideas``: lesson 9's cashing and drawing, lesson 0's "which team
        attacks?") deals those ideas in turn by seed."""
        kinds = sorted(kind for kind in {item.kind for item in self.group(name)} if KINDS[kind].generate is not None)
        if not kinds:
            return None
        if all(kind in GUESSABLE_KINDS for kind in kinds) and seed % 3 == 2:
            twins = sorted({UNGUESSABLE_TWINS[kind] for kind in kinds if kind in UNGUESSABLE_TWINS})
            kinds = twins or kinds
        kind = kinds[0] if len(kinds) == 1 else kinds[seed % len(kinds)]
        generate, block_ideas = KINDS[kind].generate, KINDS[kind].block_ideas
        assert generate is not None
        questions = [item.question for item in self.group(name) if item.kind == kind]
        ideas = block_ideas(name, questions) if block_ideas else ()
        spec = DealSpec(idea=ideas[(seed // len(kinds)) % len(ideas)]) if ideas else None
        raw = {**generate(random.Random(seed), spec), "group": name, "id": dealt_id(self.slug, name, seed)}
        try:
            return read_puzzle(raw, self.slug, "(dealt)")
        except (FieldError, RuleError):
            return None

def _groups_of_ids(path: Path) -> dict[str, str]:
    try:
        data = read_toml(path)
    except (OSError, InputError):
        return {}
    entries = data.get("puzzle", [])
    found: dict[str, str] = {}
    for raw in entries if isinstance(entries, list) else []:
        if isinstance(raw, Mapping) and isinstance(raw.get("id"), str) and isinstance(raw.get("group"), str):
            found[raw["id"].strip()] = raw["group"].strip()
    return found


def lesson_file(slug: str, data_dir: str | Path | None = None) -> Path:
    """The file of lesson ``slug`` (``02_tractors`` → ``02_tractors.toml``): the teacher's folder's when it
    holds one, else the kit's shipped file, so a folder with one lesson keeps the others' exercises."""
    own = lesson_data_dir(data_dir) / f"{slug}.toml"
    shipped = LESSON_DATA_DIR / f"{slug}.toml"
    return own if own.exists() or not shipped.is_file() else shipped


def load_lesson(slug: str, data_dir: str | Path | None = None) -> LessonExercises:
    """Read one lesson file; a missing or unreadable file gives no items and one problem (``unreadable``)."""
    path = lesson_file(slug, data_dir)
    if not path.is_file():
        problem = Problem(display_name(path), None, "path", "no such file")
        return LessonExercises(slug, display_name(path), (), (problem,), {})
    puzzle_set, problems = load_file(path)
    items = puzzle_set.puzzles if puzzle_set is not None else ()
    missing = [Problem(item.file, item.id, "group", "missing") for item in items if not item.group]
    return LessonExercises(
        slug, display_name(path), tuple(item for item in items if item.group), (*problems, *missing),
        _groups_of_ids(path),
    )


def lesson_files(data_dir: str | Path | None = None) -> list[Path]:
    """Every lesson exercise file (``NN_slug.toml``) of the folder, by name."""
    return sorted(lesson_data_dir(data_dir).glob("[0-9][0-9]_*.toml"))
