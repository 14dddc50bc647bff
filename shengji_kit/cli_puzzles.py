"""``shengji-kit puzzles check | mine``: the command line's puzzle commands.

``check`` lives beside the bank (``puzzles/check_command.py``); ``mine`` beside the miner
(``puzzles/mining/mine_command.py``), which knows no bot strengths: this top-floor module hands it
the coach's gentle/steady/strong tiers (``coach.bot_tiers``), as a learner picks them.
"""

from __future__ import annotations

import argparse

from .coach.bot_tiers import tier_named
from .game.bots.base import Bot
from .puzzles import check_command
from .puzzles.mining import mine_command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="puzzles_command", required=True)
    check_command.add_check(sub)
    mine_command.add_mine(sub)


def tier_bot(tier: str, seed: int) -> Bot:
    """A fresh bot of the named strength for one seat."""
    return tier_named(tier).make(seed)


def run(args: argparse.Namespace) -> int:
    if args.puzzles_command == "mine":
        return mine_command.run(args, tier_bot)
    return check_command.run(args)
