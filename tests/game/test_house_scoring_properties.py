"""Random matches under random kitty, level and declaring switches: nothing breaks, cards and points add up."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shengji_kit.engine.rules import Rules, hand_size
from shengji_kit.engine.scoring import climb, level_outcome, next_dealer, points
from shengji_kit.game.bots import RandomBot, play_round
from shengji_kit.game.match import Match


def _choices(name: str) -> tuple[object, ...]:
    found = next(item for item in dataclasses.fields(Rules) if item.name == name)
    return tuple(found.metadata["choices"])


house_rules = st.builds(
    lambda base, **switches: dataclasses.replace(Rules.preset(base), name="house", **switches),
    base=st.sampled_from(("super_tycoon", "classic")),
    kitty_scheme=st.sampled_from(_choices("kitty_scheme")),
    kitty_size=st.sampled_from((4, 8, 12)),
    kitty_shown_at_end=st.booleans(),
    level_step=st.sampled_from(_choices("level_step")),
    attacker_levels_capped=st.booleans(),
    mandatory_levels=st.sampled_from(_choices("mandatory_levels")),
    overturn_order=st.sampled_from(_choices("overturn_order")),
    lock_allowed=st.booleans(),
    redeal_below=st.integers(5, 60),
    no_declaration=st.sampled_from(_choices("no_declaration")),
    redeal_allowed=st.booleans(),
    wrap_after_ace=st.booleans(),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=house_rules, seed=st.integers(0, 10_000), rounds=st.integers(1, 3))
def test_random_matches_under_random_house_switches(rules: Rules, seed: int, rounds: int) -> None:
    match = Match(seed, rules)
    bots = [RandomBot(seed + seat, throw_rate=0.2) for seat in range(4)]
    for _ in range(rounds):
        if match.over:
            break
        rnd = match.new_round()
        play_round(rnd, bots)
        result = rnd.result
        assert result is not None
        # all 108 cards: the kitty has the house size, every trick took one card from each hand
        buried = rnd.buries[-1][1]
        assert len(buried) == rules.kitty_size
        played = sum(len(cards) for trick in rnd.view(0).tricks for cards in trick.plays)
        assert played + len(buried) == 108 and played == 4 * hand_size(rules)
        # points add up
        trick_points = sum(trick.points for trick in rnd.view(0).tricks if trick.winner % 2 != result.dealer % 2)
        assert result.attackers_points == trick_points
        assert result.kitty_points == points(buried)
        assert result.total == result.attackers_points + result.kitty_points * result.kitty_multiplier
        # the level change follows the table
        assert result.outcome == level_outcome(result.total, rules)
        climber = result.defenders if result.outcome.side == "defenders" else result.attackers
        assert result.levels_after[climber] == climb(result.levels_before[climber], result.outcome.levels, rules)
        assert result.levels_after[1 - climber] == result.levels_before[1 - climber]
        assert result.next_dealer == next_dealer(result.dealer, result.outcome)
        outsider = next(seat for seat in range(4) if seat != rnd.buries[-1][0])
        seen = rnd.view(outsider).kitty
        assert (seen is not None) is (rules.kitty_shown_at_end or result.kitty_captured)
        match.finish(rnd)
