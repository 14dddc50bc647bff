"""Lesson 3, following (跟牌): the live tables that ``lessons/03_following.ipynb`` shows, cell by cell.

Each call builds its own widget (a cell may run before the others); a name the lesson does not
know gets a bilingual message instead of a traceback. Exercises come from ``data/03_following.toml``.
"""

from __future__ import annotations

from ...engine.trump import Trump
from ...render.lesson_panels.follow_example import FollowTry, PlayableCards
from ...render.lesson_panels.follow_table import FollowPosition, FollowTable, follow_position
from ...render.lesson_panels.rule_card import RuleCard
from ...widgets.surface import CardSurface
from ...widgets.switch import language_switch
from .notice import notice, safely

__all__ = ["TABLES", "language_switch", "playable", "summary", "table", "tried"]

TABLES: dict[str, tuple[FollowPosition, ...]] = {
    "suit": (
        follow_position("2", "S", 3, ["D9"], "D4 DQ S7 C3 BJ H5 H9 CK"),
        follow_position("2", "S", 3, ["S9"], "H2 HA S4 C8 D5 DK LJ"),
    ),
    "short": (
        follow_position("2", "S", 3, ["C5 C5"], "CK H3 S8 D6 D6 HA"),
        follow_position("2", "S", 3, ["C9 C9 C10 C10"], "CJ CJ C4 S3 D5 HK H7"),
    ),
    "shape": (
        follow_position("2", "S", 3, ["H8 H8"], "H3 H3 HQ HA C5 S6"),
        follow_position("2", "S", 3, ["H8 H8 H9 H9"], "H3 H3 H4 H4 HK HK HA C5"),
        follow_position("2", "S", 3, ["H8 H8 H9 H9"], "H3 H3 H6 H6 HA HK C5 D9"),
    ),
    "void": (
        follow_position("2", "S", 3, ["HA"], "C3 S5 D8 LJ CQ"),
        follow_position("2", "S", 1, ["HK", "H4", "S3"], "S6 SJ C4 D10 DK"),
    ),
}
"""The positions of each section's "try it" table (level 2, spades trump)."""


def table(section: str) -> CardSurface:
    """The "try it" table of one section: ``suit``, ``short``, ``shape`` or ``void``."""
    if section not in TABLES:
        return notice("l3_unknown_table", name=section, known=", ".join(TABLES))
    return safely(lambda: CardSurface(FollowTable(TABLES[section])))


def summary() -> CardSurface:
    """The lesson's rules on one card."""
    return CardSurface(RuleCard("l3_summary_title", ("l3_rule_suit", "l3_rule_short", "l3_rule_shape", "l3_rule_void")))


def tried(lead: str, hand: str, play: str, level: str = "2", suit: str | None = "S") -> CardSurface:
    """West led ``lead``; South tries ``play`` from ``hand``: the engine's verdict, in the learner's language."""
    return safely(lambda: CardSurface(FollowTry(lead, hand, play, Trump(level, suit))))


def playable(lead: str, hand: str, level: str = "2", suit: str | None = "S") -> CardSurface:
    """The hand with every card that can be part of a legal follow of ``lead`` lifted, and named."""
    return safely(lambda: CardSurface(PlayableCards(lead, hand, Trump(level, suit))))
