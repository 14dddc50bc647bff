"""Lesson 4, who wins the trick (谁赢这一墩): the live tables of ``lessons/04_winning.ipynb``.

``table(section)`` lets the learner add the fourth play and see who takes the trick;
``recorded_round(seed)`` steps through the tricks of a seeded RuleBot round with the reasons;
``who_wins(plays, ...)`` draws example tricks with the winner marked and the engine's reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import as_cards
from ...engine.trump import Trump
from ...render.lesson_panels.follow_table import FollowPosition, FollowTable, follow_position
from ...render.lesson_panels.rule_card import RuleCard
from ...render.lesson_panels.trick_stepper import RecordedTrick, ShownTricks, TrickStepper, recorded_tricks
from ...widgets.surface import CardSurface
from ...widgets.switch import language_switch
from .notice import notice, safely

__all__ = ["TABLES", "language_switch", "recorded_round", "summary", "table", "who_wins"]

TABLES: dict[str, tuple[FollowPosition, ...]] = {
    "shape": (
        follow_position("2", "S", 1, ["HQ HQ", "H3 H3", "H5 H7"], "H8 H8 HK HK HA C4"),
        follow_position("2", "S", 1, ["DK DK", "D3 D4", "D6 D6"], "S3 S3 SA C4 H6"),
    ),
    "ruff": (
        follow_position("2", "S", 1, ["DA", "D5", "D9"], "S3 S8 H2 C4 CK"),
        follow_position("2", "S", 1, ["CK", "S7", "C3"], "S4 S9 SQ H2 D8"),
    ),
    "equal": (
        follow_position("2", "S", 1, ["DQ", "DA", "D5"], "DA D3 C4 S6"),
        follow_position("2", "S", 1, ["S5", "H2", "SA"], "C2 S2 S3 D7"),
    ),
}
"""The positions of each section's "try it" table (level 2, spades trump)."""


def table(section: str) -> CardSurface:
    """The "try it" table of one section: ``shape``, ``ruff`` or ``equal``."""
    if section not in TABLES:
        return notice("l3_unknown_table", name=section, known=", ".join(TABLES))
    return safely(lambda: CardSurface(FollowTable(TABLES[section], show_winner=True, title="l4_try_title")))


def recorded_round(seed: int = 7, start: int = 0) -> CardSurface:
    """Every trick of a seeded round played by four RuleBots, one at a time, winner and reason shown."""
    return safely(lambda: CardSurface(TrickStepper(recorded_tricks(seed), start)))


def summary() -> CardSurface:
    """The lesson's rules on one card."""
    rules = ("l4_rule_shape", "l4_rule_trump", "l4_rule_over", "l4_rule_equal", "l4_rule_discard")
    return CardSurface(RuleCard("l4_summary_title", rules))


def who_wins(
    *tricks: Sequence[str], leader: int = 3, level: str = "2", trump: str | None = "S"
) -> CardSurface:
    """Example tricks (each a list of plays, the lead first, ``leader`` the seat that led), drawn round
    the table with the winner marked and why, as ``sk.trick_winner`` decides it."""

    def build() -> CardSurface:
        context = Trump(level, trump)
        return CardSurface(ShownTricks([
            RecordedTrick(context, leader, tuple(as_cards(play) for play in plays)) for plays in tricks
        ]))

    return safely(build)
