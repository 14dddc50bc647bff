"""Demonstrations of the eleven switches where the two presets differ, each ruled by the engine itself.

Every verdict calls the function the round uses (``check_throw``, ``kitty_multiplier``, ``level_outcome``,
``climb``, ``declarations``, ``overturns``, ``match_points``) or reads the switch the round reads, so a page
that shows two verdicts shows what the two rule sets really do.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import Card, parse_cards
from ...engine.rules import Rules
from ...engine.scoring import climb, kitty_multiplier, level_outcome, match_points
from ...engine.throws import check_throw
from ...engine.trump import Trump
from ...words.message import Message
from ..declaring import PLAIN, declarations, overturns
from .switch_demo import SwitchDemo

SPADES_AT_2 = Trump("2", "S")
THROW = parse_cards("HA HK")
THROW_OTHERS = (parse_cards("H3 H4 S5"), parse_cards("HA C3 C4"), parse_cards("H5 H6 D3"))
"""North, West (the thrower's partner, holding the other ♥A), South: in turn order after East."""
TRACTOR = parse_cards("S3 S3 S4 S4")
KITTY_POINTS = 25
BIG_TOTAL = 360
MATCH_TOTAL = 130


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 54
    for card in cards:
        counts[card.index] += 1
    return counts


def _throw_check(rules: Rules) -> Message:
    if not rules.throws_allowed:
        return Message("hthrow_demo_no_throws", {"rules": rules})
    result = check_throw(THROW, THROW_OTHERS, SPADES_AT_2, rules)
    if result.ok:
        return Message("house_demo_throw_check_stands", {"rules": rules}, "ok")
    return Message("house_demo_throw_check_fails", {"rules": rules, "forced": result.forced}, "error")


def _penalty(rules: Rules) -> Message:
    if not rules.throws_allowed:
        return Message("hthrow_demo_no_throws", {"rules": rules})
    if rules.throw_penalty:
        return Message("house_demo_penalty_paid", {"rules": rules, "penalty": f"{rules.throw_penalty:g}"}, "error")
    return Message("house_demo_penalty_free", {"rules": rules})


def _tractor_kitty(rules: Rules) -> Message:
    multiplier = kitty_multiplier(TRACTOR, SPADES_AT_2, rules)
    params = {"rules": rules, "multiplier": multiplier, "gained": KITTY_POINTS * multiplier}
    return Message("house_demo_tractor_kitty_verdict", params)


def _max_levels(rules: Rules) -> Message:
    outcome = level_outcome(BIG_TOTAL, rules)
    return Message("house_demo_max_levels_verdict", {"rules": rules, "levels": outcome.levels})


def _wrap(rules: Rules) -> Message:
    return Message("house_demo_wrap_verdict", {"rules": rules, "level": climb("K", 3, rules)})


def _declare(rules: Rules) -> Message:
    found = declarations(_counts(parse_cards("H2 S9 C7")), "2", rules)
    if found:
        return Message("house_demo_declare_can", {"rules": rules, "cards": found[0]}, "ok")
    return Message("house_demo_declare_cannot", {"rules": rules}, "error")


def _overturn(rules: Rules) -> Message:
    found = [cards for cards in overturns(_counts(parse_cards("H2 H2 S9")), "2", rules, PLAIN) if len(cards) == 2]
    if found:
        return Message("house_demo_overturn_can", {"rules": rules, "cards": found[0]}, "ok")
    return Message("house_demo_overturn_cannot", {"rules": rules}, "error")


def _redeal(rules: Rules) -> Message:
    code = "house_demo_redeal_can" if rules.redeal_allowed else "house_demo_redeal_cannot"
    return Message(code, {"rules": rules})


def _exchange(rules: Rules) -> Message:
    code = "house_demo_exchange_yes" if rules.kitty_exchange else "house_demo_exchange_no"
    return Message(code, {"rules": rules})


def _match_points(rules: Rules) -> Message:
    if not rules.match_points:
        return Message("house_demo_match_points_none", {"rules": rules})
    return Message("house_demo_match_points_verdict", {"rules": rules, "points": match_points(MATCH_TOTAL)})


def preset_switch_demos() -> tuple[SwitchDemo, ...]:
    """One demonstration per switch of the two presets, in the order of ``Rules``' fields."""
    return (
        SwitchDemo("throw_check_opponents_only", Message("house_demo_throw_check_setup"), _throw_check),
        SwitchDemo("throw_penalty", Message("house_demo_penalty_setup"), _penalty),
        SwitchDemo("tractor_kitty_scales", Message("house_demo_tractor_kitty_setup"), _tractor_kitty),
        SwitchDemo("max_attacker_levels", Message("house_demo_max_levels_setup"), _max_levels),
        SwitchDemo("wrap_after_ace", Message("house_demo_wrap_setup"), _wrap),
        SwitchDemo("declare_needs_joker", Message("house_demo_declare_setup"), _declare),
        SwitchDemo("overturn_needs_joker", Message("house_demo_overturn_setup"), _overturn),
        SwitchDemo("redeal_allowed", Message("house_demo_redeal_setup"), _redeal),
        SwitchDemo("kitty_exchange", Message("house_demo_exchange_setup"), _exchange),
        SwitchDemo("match_points", Message("house_demo_match_points_setup"), _match_points),
    )
