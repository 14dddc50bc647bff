"""House switches for levels in scored rounds and matches: the step, the cap, must-play ranks, wrapping."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from shengji_kit.engine.cards import Card, parse_cards
from shengji_kit.engine.rules import Rules
from shengji_kit.engine.trump import Trump
from shengji_kit.game.bots import RandomBot, play_round
from shengji_kit.game.match import Match
from shengji_kit.game.result import RoundResult, score_round

SUPER = Rules.preset("super_tycoon")
CLASSIC = Rules.preset("classic")
TRUMP = Trump("8", "S")
KITTY = parse_cards("S5 S10 SK H3 H4 H6 H7 H9")  # 25 points
SINGLE = parse_cards("C3")
PAIRS = parse_cards("C3 C3 C4 C4")


def house(base: Rules = SUPER, **switches: object) -> Rules:
    return dataclasses.replace(base, name="house", **switches)


def scored(
    rules: Rules, trick_points: int, lead: Sequence[Card] = SINGLE, winner: int = 1,
    levels: tuple[str, str] = ("8", "8"),
) -> RoundResult:
    return score_round(trick_points, KITTY, lead, winner, TRUMP, rules, 0, levels, [])


@pytest.mark.parametrize(
    "scheme,multiplier,total",
    [("by_shape", 8, 70 + 200), ("per_card", 8, 70 + 200), ("doubling", 16, 70 + 400)],
)
def test_kitty_scheme_in_a_scored_round(scheme: str, multiplier: int, total: int) -> None:
    result = scored(house(kitty_scheme=scheme), 70, PAIRS)
    assert result.kitty_points == 25 and result.kitty_multiplier == multiplier and result.total == total


def test_kitty_kept_by_the_defenders_is_not_multiplied_under_any_scheme() -> None:
    for scheme in ("by_shape", "per_card", "doubling"):
        result = scored(house(kitty_scheme=scheme), 70, PAIRS, winner=0)
        assert result.kitty_multiplier == 0 and result.total == 70


@pytest.mark.parametrize(
    "step,side,levels,after", [(40, "defenders", 1, ("9", "8")), (20, "defenders", 2, ("10", "8"))]
)
def test_level_step_in_a_scored_round(step: int, side: str, levels: int, after: tuple[str, str]) -> None:
    result = scored(house(level_step=step), 55, winner=0)
    assert result.total == 55
    assert (result.outcome.side, result.outcome.levels) == (side, levels)
    assert result.levels_after == after and result.next_dealer == 2


def test_step_twenty_gives_the_attackers_a_level_at_a_hundred() -> None:
    assert scored(house(level_step=40), 100, winner=0).outcome.levels == 0
    result = scored(house(level_step=20), 100, winner=0)
    assert result.outcome.side == "attackers" and result.outcome.levels == 1
    assert result.levels_after == ("8", "9") and result.next_dealer == 1


def test_uncapped_attackers_climb_past_the_preset_cap() -> None:
    capped = scored(house(CLASSIC), 200, PAIRS)
    assert capped.total == 300 and capped.outcome.levels == 3
    free = scored(house(CLASSIC, attacker_levels_capped=False, mandatory_levels="none"), 200, PAIRS)
    assert free.outcome.levels == 5 and free.levels_after == ("8", "K")


@pytest.mark.parametrize(
    "must_play,after",
    [("none", ("8", "J")), ("10_K", ("8", "10")), ("5_10_K", ("8", "10")), ("5_10_K_A", ("8", "10"))],
)
def test_mandatory_levels_stop_the_attackers_climb(must_play: str, after: tuple[str, str]) -> None:
    result = scored(house(mandatory_levels=must_play), 0, PAIRS)
    assert result.outcome.levels == 3 and result.levels_after == after


def test_must_play_ace_stops_a_wrap_and_counts_no_lap() -> None:
    wrapping = scored(house(), 0, PAIRS, levels=("8", "Q"))
    assert wrapping.levels_after == ("8", "2") and wrapping.laps == (0, 1)
    stopped = scored(house(mandatory_levels="5_10_K_A"), 0, PAIRS, levels=("8", "Q"))
    assert stopped.levels_after == ("8", "K") and stopped.laps == (0, 0)


def test_winning_at_ace_ends_the_match_only_without_wrapping() -> None:
    for wrap, ends in ((False, True), (True, False)):
        match = Match(9, house(CLASSIC, wrap_after_ace=wrap), levels=("A", "A"))
        bots = [RandomBot(seat) for seat in range(4)]
        for _ in range(12):
            if match.over:
                break
            rnd = match.new_round()
            play_round(rnd, bots)
            match.finish(rnd)
        defended_at_ace = any(
            r.outcome.side == "defenders" and r.levels_before[r.defenders] == "A" for r in match.results
        )
        assert defended_at_ace
        assert match.over is ends
