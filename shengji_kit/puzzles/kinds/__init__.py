"""The puzzle kinds: each module reads its fields (``parse``) into a ``Question`` that checks answers.

A kind is one module in this package with ``KIND`` (its name), ``FIELDS`` (the fields it adds to a
puzzle) and ``parse(raw, table)``; it may also define ``generate(rng)``, which returns a fresh raw
item (a dict shaped like a ``[[puzzle]]`` table) for "deal me another one like this". Modules that
are not in ``TEACHING_ORDER`` are found by name and registered after it, so adding a kind is adding
a file.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ...game.position_table import PositionTable
from ..fields import Raw
from ..model import Question

TEACHING_ORDER = ("trick_winner", "legal_follow", "throw", "sort", "tractors", "count", "endgame")

Generator = Callable[[random.Random], dict[str, Any]]


@dataclass(frozen=True)
class Kind:
    """A kind's name, the puzzle fields it adds, its reader, and (optionally) its generator."""

    name: str
    fields: tuple[str, ...]
    parse: Callable[[Raw, PositionTable], Question]
    generate: Generator | None = None


def _kind_modules() -> list[ModuleType]:
    names = [info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")]
    ordered = [name for name in TEACHING_ORDER if name in names]
    ordered += sorted(name for name in names if name not in TEACHING_ORDER)
    return [importlib.import_module(f"{__name__}.{name}") for name in ordered]


KINDS: dict[str, Kind] = {
    module.KIND: Kind(module.KIND, module.FIELDS, module.parse, getattr(module, "generate", None))
    for module in _kind_modules()
}
"""Every kind by name, the bank's in teaching order, then the others by module name."""
