"""Dealt items for every kind ("deal me another like this"): a kind's seeded generator, read and checked
exactly like a written item. The same kind, seed and wishes give the same item."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from ..words import Message
from .kinds import KINDS
from .kinds._deal import DealSpec, DealSpecError
from .loader import read_puzzle
from .model import Puzzle

GENERATED_SET = "generated"


def generator(kind: str) -> Callable[[random.Random, DealSpec | None], dict[str, Any]]:
    """The generator of ``kind``; ``DealSpecError`` for an unknown kind or one that cannot deal."""
    if kind not in KINDS:
        raise DealSpecError(Message("gen_unknown_kind", {"value": repr(kind), "known": ", ".join(KINDS)}))
    module = importlib.import_module(f"{__package__}.kinds.{kind}")
    found = getattr(module, "generate", None)
    if found is None:
        raise DealSpecError(Message("gen_no_generator", {"value": kind}))
    return found  # type: ignore[no-any-return]


def generate_raw(kind: str, seed: int, spec: DealSpec | None = None) -> dict[str, Any]:
    """The raw item (shaped like a ``[[puzzle]]`` table) that ``kind`` deals for ``seed`` and ``spec``."""
    return generator(kind)(random.Random(seed), spec)


def generate_puzzle(kind: str, seed: int, spec: DealSpec | None = None) -> Puzzle:
    """The dealt item as a ``Puzzle``, read by the same loader as a written one."""
    return read_puzzle(generate_raw(kind, seed, spec), GENERATED_SET, "(generated)")
