"""The puzzle kinds: each module reads its fields (``parse``) into a ``Question`` that checks answers.

A kind is one module in this package with ``KIND`` (its name), ``FIELDS`` (the fields it adds to a
puzzle) and ``parse(raw, table)``; it may also define ``generate(rng, spec)``, which returns a fresh raw
item (a dict shaped like a ``[[puzzle]]`` table) for "deal me another one like this", and
``block_ideas(group, questions)``: the ideas (``DealSpec.idea``) a lesson block of its items teaches,
so that the block's "more like this" deals its own ideas. Modules that
are not in ``TEACHING_ORDER`` are found by name and registered after it, so adding a kind is adding
a file. A kind's module (its name is the kind's name) is imported when the kind is first asked for,
so a page that never asks a chance question never loads numpy.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...game.position_table import PositionTable
from ..fields import Raw
from ..model import Question

if TYPE_CHECKING:
    from ._deal import DealSpec

TEACHING_ORDER = ("trick_winner", "legal_follow", "throw", "sort", "tractors", "count", "endgame")

Generator = Callable[[random.Random, "DealSpec | None"], dict[str, Any]]
BlockIdeas = Callable[[str, Sequence[Question]], tuple[str, ...]]


@dataclass(frozen=True)
class Kind:
    """A kind's name, the puzzle fields it adds, its reader, and (optionally) its generator."""

    name: str
    fields: tuple[str, ...]
    parse: Callable[[Raw, PositionTable], Question]
    generate: Generator | None = None
    block_ideas: BlockIdeas | None = None


def _kind_names() -> tuple[str, ...]:
    names = [info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")]
    ordered = [name for name in TEACHING_ORDER if name in names]
    ordered += sorted(name for name in names if name not in TEACHING_ORDER)
    return tuple(ordered)


class LazyKinds(Mapping[str, Kind]):
    """The kinds by name, in order; a kind's module is imported the first time the kind is looked up."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names
        self._loaded: dict[str, Kind] = {}

    def __getitem__(self, name: str) -> Kind:
        if name not in self._loaded:
            if name not in self._names:
                raise KeyError(name)
            module = importlib.import_module(f"{__name__}.{name}")
            self._loaded[name] = Kind(module.KIND, module.FIELDS, module.parse, getattr(module, "generate", None),
                                      getattr(module, "block_ideas", None))
        return self._loaded[name]

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


KINDS: Mapping[str, Kind] = LazyKinds(_kind_names())
"""Every kind by name, the bank's in teaching order, then the others by module name."""
