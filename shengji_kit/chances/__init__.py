"""Counting and chances 记牌与概率 (lesson 8): sample where the unseen cards are, and what it means.

``situation`` / ``from_view`` say what a seat knows; ``sample_deals`` draws deals consistent
with it (numpy, exact under voids); the questions answer with an ``Estimate`` and, where a
closed form exists, the exact value beside it. See docs/chances.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

# Imported now, not lazily: the name is also a submodule's, which importing that submodule
# would put here in the function's place.
from .situation import KITTY, Situation, from_view, situation

if TYPE_CHECKING:
    from .estimate import Estimate
    from .kitty import KittyGain, KittyPoints, expected_kitty_gain, kitty_points
    from .questions import (
        chance_holds,
        chance_partner_holds,
        chance_split,
        chance_throw_stands,
        split_distribution,
    )
    from .sampler import Deals, sample_deals

__getattr__, __dir__ = lazy_names(__name__, {
    ".estimate": ("Estimate",),
    ".kitty": ("KittyGain", "KittyPoints", "expected_kitty_gain", "kitty_points"),
    ".questions": (
        "chance_holds", "chance_partner_holds", "chance_split", "chance_throw_stands",
        "split_distribution",
    ),
    ".sampler": ("Deals", "sample_deals"),
})

__all__ = [
    "KITTY", "Deals", "Estimate", "KittyGain", "KittyPoints", "Situation", "chance_holds",
    "chance_partner_holds", "chance_split", "chance_throw_stands", "expected_kitty_gain",
    "from_view", "kitty_points", "sample_deals", "situation", "split_distribution",
]
