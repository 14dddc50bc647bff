"""Matches: levels carried from round to round, the stake ledger, laps and the classic end."""

from __future__ import annotations

import pytest

from shengji_kit.engine.cards import parse_cards
from shengji_kit.engine.rules import Rules
from shengji_kit.engine.trump import Trump
from shengji_kit.game.bots import RandomBot, RuleBot, play_round
from shengji_kit.game.match import Match
from shengji_kit.game.result import score_round


def test_levels_dealers_and_ledger_follow_the_rounds() -> None:
    match = Match(5, "super_tycoon")
    bots = [RandomBot(seat, throw_rate=0.3) for seat in range(4)]
    for number in range(1, 6):
        rnd = match.new_round()
        assert rnd.round_number == number and rnd.levels == match.levels
        play_round(rnd, bots)
        result = match.finish(rnd)
        assert match.dealer == result.next_dealer and match.levels == result.levels_after
    stakes = match.stakes()
    assert stakes[0] == -stakes[1]
    penalties = sum(len(r.failed_throws) for r in match.results)
    assert sum(abs(e.amount) for e in match.ledger) == pytest.approx(penalties)
    assert all(entry.reason == "throw_penalty" for entry in match.ledger)
    with pytest.raises(ValueError):
        match.finish(rnd)


def test_super_tycoon_wraps_after_ace_and_counts_laps() -> None:
    trump = Trump("K", "S")
    lead = parse_cards("S3")
    taken = parse_cards("S4 S6 S7 S8 S9 SJ SQ H3")
    result = score_round(0, taken, lead, 0, trump, Rules.preset("super_tycoon"), 0, ("K", "5"), [])
    assert result.outcome.side == "defenders" and result.outcome.levels == 3
    assert result.levels_after == ("3", "5") and result.laps == (1, 0) and result.next_dealer == 2
    classic = score_round(0, taken, lead, 0, trump, Rules.preset("classic"), 0, ("K", "5"), [])
    assert classic.levels_after == ("A", "5") and classic.laps == (0, 0)
    assert classic.match_points == -3 and classic.stakes() == (3.0, -3.0)


def test_classic_match_ends_when_a_team_at_ace_defends() -> None:
    match = Match(9, "classic", levels=("A", "A"))
    bots = [RuleBot(seat) for seat in range(4)]
    while not match.over and match.round_number < 30:
        rnd = match.new_round()
        play_round(rnd, bots)
        match.finish(rnd)
    assert match.over
    last = match.results[-1]
    assert last.outcome.side == "defenders" and match.winner == last.defenders
    assert all(entry.reason == "match_points" for entry in match.ledger)
    assert sum(e.amount for e in match.ledger if e.team == 0) == match.stakes()[0]
    with pytest.raises(ValueError):
        match.new_round()
