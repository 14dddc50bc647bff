"""Bots: ``RandomBot`` (uniformly random) and ``RuleBot`` (a sensible club player)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy_names import lazy_names

if TYPE_CHECKING:
    from .base import Bot, advance_bots, bot_at, play_round
    from .random import RandomBot
    from .rule import RuleBot

__getattr__, __dir__ = lazy_names(__name__, {
    ".base": ("Bot", "advance_bots", "bot_at", "play_round"),
    ".random": ("RandomBot",),
    ".rule": ("RuleBot",),
})

__all__ = [
    "Bot", "RandomBot", "RuleBot", "advance_bots", "bot_at", "play_round",
]
