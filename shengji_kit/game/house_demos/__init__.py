"""Demonstrations of the house-rules switches: one fixed position per switch, judged by the engine under any rules."""

from __future__ import annotations

from . import scoring, throws
from .preset_switches import preset_switch_demos
from .switch_demo import SwitchDemo

__all__ = ["SwitchDemo", "all_demos"]


def all_demos() -> tuple[SwitchDemo, ...]:
    """Every switch's demonstration, in the order of the groups (following and throws, then scoring and declaring)."""
    return (*preset_switch_demos(), *scoring.DEMOS, *throws.DEMOS)
