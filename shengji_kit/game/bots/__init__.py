"""Bots: ``RandomBot`` (uniformly random) and ``RuleBot`` (a sensible club player)."""

from .base import Bot, advance_bots, bot_at, play_round
from .random import RandomBot
from .rule import RuleBot

__all__ = ["Bot", "RandomBot", "RuleBot", "advance_bots", "bot_at", "play_round"]
