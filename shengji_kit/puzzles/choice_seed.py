"""The seeded order a learner sees a list of choices in (the practice's exercises, the memory drill's
seats, the class poll's options): shuffled by the learner's name and the item, the same in every process
and after a reload, another for another learner, so where the right answer sits says nothing.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def order_seed(learner: str, item: str) -> int:
    """A seed from the learner's name and the item's id, the same in every process (no ``hash``)."""
    digest = hashlib.sha256(f"{learner}\n{item}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def shown_order(choices: Sequence[T], learner: str, item: str) -> list[T]:
    """``choices`` in the order ``learner`` sees them for ``item`` (the same every time for the same pair)."""
    shown = list(choices)
    if len(shown) >= 2:
        random.Random(order_seed(learner, item)).shuffle(shown)
    return shown
