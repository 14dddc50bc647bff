"""Demonstrations of the throw switches: each verdict is the engine's own (``check_throw``, the round's scoring)."""

from __future__ import annotations

from ...engine.cards import parse_cards
from ...engine.errors import RuleError
from ...engine.rules import Rules
from ...engine.scoring import level_outcome
from ...engine.shapes import shape
from ...engine.throws import check_throw, highest_part
from ...engine.trump import Trump
from ...words.message import Message
from ..result import throw_penalty_points
from .switch_demo import SwitchDemo

_TRUMP = Trump("2", "S")
_ALLOWED_THROW = tuple(parse_cards("HA HK"))
_ALLOWED_OTHERS = (parse_cards("H3 H4 S5"), parse_cards("H5 C3 C4"), parse_cards("H6 H7 D3"))
_COMPARE_THROW = tuple(parse_cards("HA H3"))
_COMPARE_OTHERS = (parse_cards("HK H4 S5"), parse_cards("C3 C4 C5"), parse_cards("D3 D4 D5"))
"""North (holding ♥K and ♥4), West, South: in turn order after East."""
_TRICK_POINTS = 70
_DEALER = 0
_FAILED_THROW_BY = (2,)
"""The dealer's partner, a defender, fails a throw."""


def _allowed(rules: Rules) -> Message:
    try:
        check_throw(_ALLOWED_THROW, _ALLOWED_OTHERS, _TRUMP, rules)
    except RuleError:
        return Message("hthrow_demo_allowed_no", {"rules": rules}, "error")
    return Message("hthrow_demo_allowed_yes", {"rules": rules}, "ok")


def _compare(rules: Rules) -> Message:
    if not rules.throws_allowed:
        return Message("hthrow_demo_no_throws", {"rules": rules})
    result = check_throw(_COMPARE_THROW, _COMPARE_OTHERS, _TRUMP, rules)
    if result.ok:
        top = highest_part(shape(_COMPARE_THROW, _TRUMP))
        return Message("hthrow_demo_compare_stands", {"rules": rules, "part": top.cards}, "ok")
    part = result.beaten.cards if result.beaten else result.forced
    return Message("hthrow_demo_compare_fails", {"rules": rules, "part": part, "forced": result.forced}, "error")


def _points(rules: Rules) -> Message:
    if not rules.throws_allowed:
        return Message("hthrow_demo_no_throws", {"rules": rules})
    total = max(0, _TRICK_POINTS + throw_penalty_points(_FAILED_THROW_BY, _DEALER, rules))
    params = {"rules": rules, "total": total, "outcome": level_outcome(total, rules)}
    return Message("hthrow_demo_points_verdict", params)


DEMOS: tuple[SwitchDemo, ...] = (
    SwitchDemo("throws_allowed", Message("hthrow_demo_allowed_setup"), _allowed),
    SwitchDemo("throw_compare", Message("hthrow_demo_compare_setup"), _compare),
    SwitchDemo("throw_penalty_points", Message("hthrow_demo_points_setup"), _points),
)
