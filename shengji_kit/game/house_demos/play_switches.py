"""Demonstrations of the following and tractor switches: each verdict is ``check_follow`` or ``shape``
under the rules in force, so the page shows what the engine does, never a claim about it."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.cards import Card, parse_cards
from ...engine.follow import check_follow
from ...engine.rules import Rules
from ...engine.shapes import TRACTOR, shape
from ...engine.trump import Trump
from ...words.message import Message
from .switch_demo import SwitchDemo

HEARTS_AT_2 = Trump("2", "H")
HEARTS_AT_7 = Trump("7", "H")
TRACTOR_LEAD = tuple(parse_cards("S5 S5 S6 S6"))
PAIR_LEAD = tuple(parse_cards("S5 S5"))
HAND = tuple(parse_cards("S9 S9 S10 S10 S3 SK"))
"""The follower's spades: one tractor (♠9♠9♠10♠10) and two singles."""
NO_PAIRS = tuple(parse_cards("S10 S9 SK S3"))
TWO_SINGLES = tuple(parse_cards("SK S3"))
ACROSS_LEVEL = tuple(parse_cards("S8 S8 S6 S6"))
LEVEL_PAIRS = tuple(parse_cards("H7 H7 S7 S7"))
JOKER_PAIRS = tuple(parse_cards("BJ BJ LJ LJ"))


def _follow(lead: tuple[Card, ...], play: tuple[Card, ...]) -> Callable[[Rules], Message]:
    def verdict(rules: Rules) -> Message:
        found = check_follow(lead, HAND, play, HEARTS_AT_2.under(rules))
        if found.ok:
            return Message("hplay_demo_follow_ok", {}, "ok")
        return Message(found.code or "ok", found.params, "error")
    return verdict


def _follow_setup(lead: tuple[Card, ...], play: tuple[Card, ...]) -> Message:
    return Message("hplay_demo_follow_setup", {"trump": HEARTS_AT_2, "lead": lead, "hand": HAND, "play": play})


def _kind(cards: tuple[Card, ...]) -> Callable[[Rules], Message]:
    def verdict(rules: Rules) -> Message:
        found = shape(cards, HEARTS_AT_7.under(rules))
        if found.kind == TRACTOR:
            return Message("hplay_demo_is_tractor", {"pairs": found.pair_count})
        return Message("hplay_demo_is_pairs", {"count": found.pair_count})
    return verdict


def _shape_setup(cards: tuple[Card, ...]) -> Message:
    return Message("hplay_demo_shape_setup", {"trump": HEARTS_AT_7, "cards": cards})


DEMOS: tuple[SwitchDemo, ...] = (
    SwitchDemo("follow_duty", _follow_setup(TRACTOR_LEAD, NO_PAIRS), _follow(TRACTOR_LEAD, NO_PAIRS)),
    SwitchDemo("follow_keep_longer", _follow_setup(PAIR_LEAD, TWO_SINGLES), _follow(PAIR_LEAD, TWO_SINGLES)),
    SwitchDemo("tractor_skip_level", _shape_setup(ACROSS_LEVEL), _kind(ACROSS_LEVEL)),
    SwitchDemo("tractor_level_pairs", _shape_setup(LEVEL_PAIRS), _kind(LEVEL_PAIRS)),
    SwitchDemo("tractor_jokers", _shape_setup(JOKER_PAIRS), _kind(JOKER_PAIRS)),
)
