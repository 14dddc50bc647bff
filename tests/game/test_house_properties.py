"""Property tests over random house rules: every switch sampled from its own choices or range.

The sampler reads ``dataclasses.fields(Rules)`` (``sample_values``), so a switch added later is
sampled too with no change here. Rounds with random and rule bots run to the end under the sampled
rules; the checks of tests/game/test_properties.py hold: all 108 cards at every step, every play
legal by the engine's own functions, the points add up, and the record replays under its rules.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from shengji_kit.engine.errors import RuleError
from shengji_kit.engine.rules import Rules, rules_from_table, sample_values, switch_fields
from shengji_kit.engine.trump import Trump
from shengji_kit.game import Round
from shengji_kit.game.match import Match
from shengji_kit.game.record import parse

from .test_properties import finish_checks, make_bots, play_checked


@st.composite
def house_rules(draw: st.DrawFn) -> Rules:
    """A rule set with every switch drawn from its allowed values; impossible combinations are skipped."""
    table = {switch.name: draw(st.sampled_from(list(sample_values(switch)))) for switch in switch_fields()}
    try:
        return rules_from_table(table, "sampled")
    except RuleError:
        assume(False)
        raise


def test_every_switch_can_be_sampled() -> None:
    """A switch the sampler cannot draw would escape the property tests: each gives two values or more."""
    for switch in switch_fields():
        assert len(set(map(repr, sample_values(switch)))) >= 2, switch.name


# Whole rounds take a good part of a second: a quarter of the profile's examples keeps this under half a minute.
@settings(max_examples=max(8, settings.default.max_examples // 4))
@given(
    seed=st.integers(0, 2**40), rules=house_rules(),
    kinds=st.sampled_from([("random", "random"), ("rule", "random")]),
)
def test_house_rule_rounds_play_out(seed: int, rules: Rules, kinds: tuple[str, str]) -> None:
    rnd = Round.new(seed, rules, dealer=seed % 4)
    play_checked(rnd, make_bots(seed, kinds))
    finish_checks(rnd)
    assert rnd.trump is not None and rnd.trump == Trump(rnd.trump.level, rnd.trump.suit).under(rules), (
        "the round plays by the sampled follow and tractor switches"
    )
    record = rnd.record()
    assert parse(record).rules == rules, "the record names every switch, so it replays under the same rules"


@pytest.mark.slow
@settings(max_examples=max(4, settings.default.max_examples // 25))
@given(seed=st.integers(0, 2**40), rules=house_rules())
def test_house_rule_matches_reach_later_rounds(seed: int, rules: Rules) -> None:
    """Rounds 2+ (overturns with or without the kitty exchange, the climb, the match end) under house rules."""
    match = Match(seed, rules, levels=("2", "K"))
    bots = make_bots(seed, ("random", "random"))
    for _ in range(4):
        if match.over:
            break
        rnd = match.new_round()
        play_checked(rnd, bots)
        finish_checks(rnd)
        match.finish(rnd)
    assert match.round_number == len(match.results) + 1
