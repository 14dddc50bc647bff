"""Playing tricks through ``Round``: throws and their penalty, refusals that change nothing, views."""

from __future__ import annotations

import pytest

from shengji_kit.engine.errors import RuleError
from shengji_kit.game import Action, Round
from shengji_kit.game.bots import RandomBot, play_round

from .conftest import advance, cards, ready_to_play, snapshot

KITTY = "C3 C4 C6 C7 C8 C9 D3 D4"
THROW_HANDS = {0: "S2 LJ HA HK", 2: "HA", 1: "H3 C5"}


def test_failed_throw_forces_the_lowest_part_and_costs_half_a_stake() -> None:
    rnd = ready_to_play(THROW_HANDS, KITTY, "S2 LJ")
    event = rnd.act(0, Action.play("HA HK"))
    assert event.kind == "throw_failed" and event.cards == cards("HK")
    assert event.throw is not None and not event.throw.ok and sorted(event.throw.beater) == sorted(cards("HA"))
    assert "North" in event.message("en") and "北家" in event.message("zh") and "0.5" in event.message("en")
    view = rnd.view(1)
    assert view.lead == cards("HK") and view.attempt == cards("HA HK")
    assert cards("HA")[0] in rnd.view(0).hand, "the rest of the throw goes back to the hand"
    advance(rnd, lambda r: r.phase == "done")
    first = rnd.view(0).tricks[0]
    assert first.attempt == cards("HA HK") and first.plays[0] == cards("HK") and first.blocker == 2
    assert rnd.result is not None and rnd.result.failed_throws == (0,)
    assert rnd.result.stakes()[0] == -0.5 and rnd.result.stakes()[1] == 0.5


def test_classic_throw_checked_against_opponents_only() -> None:
    rnd = ready_to_play(THROW_HANDS, KITTY, "S2", rules="classic")
    event = rnd.act(0, Action.play("HA HK"))
    assert event.kind == "throw_ok" and event.cards == cards("HA HK")
    assert rnd.view(1).lead == cards("HA HK")


def test_refused_plays_explain_and_change_nothing() -> None:
    rnd = ready_to_play(THROW_HANDS, KITTY, "S2 LJ")
    before = snapshot(rnd)
    for action, code in [
        (Action.play("H3"), "not_in_hand"),
        (Action.play("HA LJ"), "mixed_suits"),
        (Action.play(()), "empty_play"),
        (Action.bury(KITTY), "wrong_action"),
    ]:
        verdict = rnd.check(0, action)
        assert verdict.code == code, action
        with pytest.raises(RuleError) as error:
            rnd.act(0, action)
        assert error.value.code == code
        assert error.value.message("zh") != error.value.message("en")
        assert snapshot(rnd) == before
    rnd.act(0, Action.play("HK"))
    before = snapshot(rnd)
    for action, code in [(Action.play("C5"), "must_follow_suit"), (Action.play("H3 C5"), "wrong_count")]:
        with pytest.raises(RuleError) as error:
            rnd.act(1, action)
        assert error.value.code == code
        assert snapshot(rnd) == before
    with pytest.raises(RuleError) as error:
        rnd.act(2, Action.play("HA"))
    assert error.value.code == "not_your_turn" and "East" in error.value.message("en")
    with pytest.raises(RuleError) as error:
        rnd.act(7, Action.play("HA"))
    assert error.value.code == "bad_seat"
    assert snapshot(rnd) == before


def test_views_show_only_what_a_seat_may_see() -> None:
    rnd = ready_to_play(THROW_HANDS, KITTY, "S2 LJ")
    assert rnd.view(0).kitty == cards(KITTY)
    assert all(rnd.view(seat).kitty is None for seat in (1, 2, 3))
    hands = [set(rnd.view(seat).hand) for seat in range(4)]
    assert len(rnd.view(1).hand) == 25 and rnd.view(1).hand_sizes == (25, 25, 25, 25)
    assert hands[1] != hands[2]
    play_round(rnd, [RandomBot(seat) for seat in range(4)])
    assert all(rnd.view(seat).kitty == cards(KITTY) for seat in range(4)), "the kitty is shown at the end"
    with pytest.raises(RuleError) as error:
        rnd.act(0, Action.play("HA"))
    assert error.value.code == "round_over"


def test_every_event_explains_itself_in_both_languages() -> None:
    for seed in range(6):
        rnd = Round.new(seed, "classic" if seed % 2 else "super_tycoon")
        play_round(rnd, [RandomBot(seed * 4 + seat, throw_rate=0.5) for seat in range(4)])
        for event in rnd.log:
            for lang in ("en", "zh"):
                text = event.message(lang)
                assert "{" not in text and not text.startswith("event_"), text
        assert rnd.log[-1].kind == "done" and rnd.result is not None
        assert str(rnd.result.total) in rnd.result.describe("zh")


def test_winning_seat_and_points_on_the_table() -> None:
    rnd = ready_to_play(THROW_HANDS, KITTY, "S2 LJ")
    rnd.act(0, Action.play("HK"))
    view = rnd.view(1)
    assert view.winning == 0 and view.trick_points == 10 and view.leader == 0
    rnd.act(1, Action.play("H3"))
    rnd.act(2, Action.play("HA"))
    assert rnd.view(3).winning == 2


def test_listed_follows_respect_the_limit_and_all_pass_check() -> None:
    rnd = Round.new(11)
    bots = [RandomBot(seat) for seat in range(4)]
    while rnd.to_act is not None:
        seat = rnd.to_act
        listed = rnd.legal_actions(seat)
        if rnd.phase == "play" and rnd.view(seat).trick:
            assert all(rnd.check(seat, action).ok for action in listed)
            assert len(rnd.legal_actions(seat, limit=2)) == min(2, len(listed))
        rnd.act(seat, bots[seat].choose(rnd.view(seat), listed))
    assert rnd.phase == "done"
