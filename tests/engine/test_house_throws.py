"""House switches for throws: exact verdicts of the throw check, the round's refusal, penalty points per value."""

from __future__ import annotations

import dataclasses

import pytest

from shengji_kit.engine.cards import Card
from shengji_kit.engine.errors import RuleError
from shengji_kit.engine.rules import Rules, rules_from_table
from shengji_kit.engine.shapes import shape
from shengji_kit.engine.throws import check_throw
from shengji_kit.game import Round
from shengji_kit.game.bots import RandomBot, RuleBot, play_round
from shengji_kit.game.result import score_round
from shengji_kit.game.trickplay import TrickPlay
from shengji_kit.solver._moves import MoveMaker

from .conftest import cards, trump

T2S = trump("2", "S")
SUPER = Rules.preset("super_tycoon")
CLASSIC = Rules.preset("classic")
ZERO_KITTY = cards("H3 H4 H6 H7 H8 H9 C3 C4")


def house(base: Rules = SUPER, **switches: object) -> Rules:
    return dataclasses.replace(base, name="house", **switches)


def others(*hands: str) -> list[list[Card]]:
    """The other three hands in turn order after the thrower (North, West, South for East)."""
    return [list(cards(hand)) if hand else [] for hand in hands]


# --- throws_allowed -------------------------------------------------------------------------


def test_throws_allowed_lets_an_unbeatable_throw_stand() -> None:
    result = check_throw(cards("HA HK"), others("H3 H4", "H5", "H6 H7"), T2S, house(throws_allowed=True))
    assert result.ok and sorted(result.forced) == sorted(cards("HA HK"))


@pytest.mark.parametrize("base", [SUPER, CLASSIC])
def test_throws_off_refuses_a_throw_with_a_reason_in_both_languages(base: Rules) -> None:
    with pytest.raises(RuleError) as caught:
        check_throw(cards("HA HK"), others("H3 H4", "H5", "H6 H7"), T2S, house(base, throws_allowed=False))
    assert caught.value.code == "hthrow_throws_off"
    assert "♥A ♥K" in caught.value.message("en") and "allow no throws" in caught.value.message("en")
    assert "♥A ♥K" in caught.value.message("zh") and "不许甩牌" in caught.value.message("zh")


@pytest.mark.parametrize("lead", ["HA", "HK HK", "H9 H9 H10 H10"])
def test_throws_off_still_lets_one_combination_be_led(lead: str) -> None:
    result = check_throw(cards(lead), others("HQ HQ HJ HJ", "H5", "H6"), T2S, house(throws_allowed=False))
    assert result.ok


def test_the_round_refuses_a_throw_lead_when_throws_are_off_and_keeps_the_hand() -> None:
    hands = [cards("HA HK C5"), cards("H3 H4 C6"), cards("H5 C3 C7"), cards("H6 H7 C8")]
    play = TrickPlay(hands, T2S, house(CLASSIC, throws_allowed=False), dealer=0)
    with pytest.raises(RuleError) as caught:
        play.check(0, cards("HA HK"))
    assert caught.value.code == "hthrow_throws_off"
    assert list(play.hand(0)) == T2S.sorted(cards("HA HK C5"))
    assert play.check(0, cards("HA")).cards == tuple(cards("HA"))
    allowed = TrickPlay(hands, T2S, house(CLASSIC, throws_allowed=True), dealer=0).check(0, cards("HA HK"))
    assert allowed.throw is not None and allowed.throw.ok


# --- throw_compare --------------------------------------------------------------------------


def test_every_part_fails_a_throw_on_its_lowest_beatable_part() -> None:
    result = check_throw(cards("HA H3"), others("HK H4", "", ""), T2S, house(throw_compare="every_part"))
    assert not result.ok and list(result.forced) == cards("H3") and result.blocker == 0
    assert list(result.beater) == cards("HK")  # the blocker's best higher single


def test_highest_part_lets_the_lower_parts_ride_along() -> None:
    result = check_throw(cards("HA H3"), others("HK H4", "", ""), T2S, house(throw_compare="highest_part"))
    assert result.ok


def test_highest_part_is_the_top_of_the_biggest_shape_and_it_is_led_when_beaten() -> None:
    """♥Q♥Q ♥A ♥3: the pair ranks the throw (a ruff must match it), not the ace."""
    hands = others("HK HK H4", "", "")
    every = check_throw(cards("HQ HQ HA H3"), hands, T2S, house(throw_compare="every_part"))
    assert not every.ok and list(every.forced) == cards("H3")  # the fewest-card failing shape
    highest = check_throw(cards("HQ HQ HA H3"), hands, T2S, house(throw_compare="highest_part"))
    assert not highest.ok and list(highest.forced) == cards("HQ HQ") and list(highest.beater) == cards("HK HK")


def test_highest_part_of_two_pairs_is_the_higher_pair() -> None:
    hands = others("H6 H6", "", "")
    assert not check_throw(cards("HQ HQ H5 H5"), hands, T2S, house(throw_compare="every_part")).ok
    assert check_throw(cards("HQ HQ H5 H5"), hands, T2S, house(throw_compare="highest_part")).ok
    assert not check_throw(cards("HQ HQ H5 H5"), others("HK HK", "", ""), T2S, house(throw_compare="highest_part")).ok


def test_highest_part_still_checks_only_the_opponents_when_told() -> None:
    partner_beats = others("", "HK H4", "")
    assert check_throw(cards("HA H3"), partner_beats, T2S, house(CLASSIC, throw_compare="every_part")).ok
    assert not check_throw(cards("HA H3"), partner_beats, T2S, house(SUPER, throw_compare="every_part")).ok
    assert check_throw(cards("HA H3"), partner_beats, T2S, house(SUPER, throw_compare="highest_part")).ok


def test_the_solver_lists_throws_by_the_switches() -> None:
    def indices(text: str) -> tuple[int, ...]:
        return tuple(sorted(card.index for card in cards(text)))

    hands = (indices("HA H3"), indices("HK H4"), indices("C3 C4"), indices("D3 D4"))
    thrown = indices("HA H3")
    assert thrown not in MoveMaker(T2S, house(throw_compare="every_part")).standing_throws(hands, 0)
    assert thrown in MoveMaker(T2S, house(throw_compare="highest_part")).standing_throws(hands, 0)
    both = (indices("HA HK"), indices("H3 H4"), indices("C3 C4"), indices("D3 D4"))
    assert indices("HA HK") in MoveMaker(T2S, house()).standing_throws(both, 0)
    assert MoveMaker(T2S, house(throws_allowed=False)).standing_throws(both, 0) == []


# --- throw_penalty_points -------------------------------------------------------------------


def score(points: int, failed: list[int], rules: Rules) -> tuple[int, int, str]:
    """Dealer 0 keeps the last trick (the kitty is not captured): total, penalty points, outcome."""
    result = score_round(points, ZERO_KITTY, cards("SA"), 0, T2S, rules, 0, ("2", "2"), failed)
    return result.total, result.penalty_points, result.describe("en")


@pytest.mark.parametrize(
    "each,failed,total,penalty",
    [
        (0, [2], 70, 0),       # today: the failure costs only the stake
        (10, [2], 80, 10),     # a defender's failure: the attackers gain 10 and take the deal
        (10, [1], 60, -10),    # an attacker's failure: 10 off the attackers' total
        (10, [2, 0, 3], 80, 10),
        (40, [1, 3], 0, -80),  # never below 0
    ],
)
def test_penalty_points_move_the_attackers_total(each: int, failed: list[int], total: int, penalty: int) -> None:
    got_total, got_penalty, _ = score(70, failed, house(CLASSIC, throw_penalty_points=each))
    assert (got_total, got_penalty) == (total, penalty)


def test_penalty_points_show_in_the_closing_text_in_both_languages() -> None:
    rules = house(CLASSIC, throw_penalty_points=10)
    result = score_round(70, ZERO_KITTY, cards("SA"), 0, T2S, rules, 0, ("2", "2"), [2])
    assert "failed throws +10" in result.describe("en") and "80 points" in result.describe("en")
    assert "甩牌失败 +10" in result.describe("zh")
    lost = score_round(70, ZERO_KITTY, cards("SA"), 0, T2S, rules, 0, ("2", "2"), [1])
    assert "failed throws −10" in lost.describe("en")
    plain = score_round(70, ZERO_KITTY, cards("SA"), 0, T2S, CLASSIC, 0, ("2", "2"), [2])
    assert "failed throws" not in plain.describe("en") and "甩牌" not in plain.describe("zh")


def test_penalty_points_and_the_stake_both_apply() -> None:
    rules = house(SUPER, throw_penalty_points=10)
    result = score_round(70, ZERO_KITTY, cards("SA"), 0, T2S, rules, 0, ("2", "2"), [2])
    assert result.penalty_points == 10 and result.stakes() == (-0.5, 0.5)


@pytest.mark.parametrize("value", [7, -5, 45])
def test_penalty_points_outside_the_multiples_of_five_up_to_40_are_refused(value: int) -> None:
    with pytest.raises(RuleError) as caught:
        rules_from_table({"based_on": "classic", "throw_penalty_points": value})
    assert caught.value.code == "house_not_a_choice" and caught.value.params["switch"] == "throw_penalty_points"


# --- the bots ---------------------------------------------------------------------------------


def test_bots_never_try_a_throw_when_throws_are_off() -> None:
    """RandomBot throwing at every lead and RuleBot (safe throws) play whole rounds: not one multi-part lead."""
    for allowed in (True, False):
        rules = house(SUPER, throws_allowed=allowed)
        throws = 0
        for seed in range(6):
            rnd = Round.new(seed, rules)
            bots = [RandomBot(seed, throw_rate=1.0), RuleBot(seed), RandomBot(seed + 1, throw_rate=1.0), RuleBot(seed)]
            play_round(rnd, bots)
            assert rnd.result is not None and rnd.trump is not None
            tricks = rnd.view(0).tricks
            throws += len(rnd.result.failed_throws)
            throws += sum(len(shape(trick.plays[0], rnd.trump).components) > 1 for trick in tricks)
        assert (throws > 0) == allowed, (allowed, throws)
