"""Hints: legal plays, quick enough to test, and each reason present exactly where its fact holds."""

from __future__ import annotations

import pytest
from html_tree import parse

from shengji_kit.coach import hint
from shengji_kit.coach._sample_playout import Budget
from shengji_kit.coach.facts import (
    is_sure_winner,
    is_top_in_suit,
    kitty_at_risk,
    opponent_void,
    partner_sure_winner,
    points_at_stake,
    shown_void,
)
from shengji_kit.coach.hint import reasons_for
from shengji_kit.coach.tactics import LESSON_NUMBERS, LESSONS, is_tactic, tactics
from shengji_kit.render.hint import hint_panel_html
from shengji_kit.words.catalogue import text
from tests.coach.positions import cards, made_view, round_at

TINY = Budget(samples=2, candidates=3, horizon=1, solve_at=3)


def codes_of(play: str, view_kwargs: dict[str, object], hand: str) -> set[str]:
    """Every idea detected for ``play`` (a hint names the first of them)."""
    view = made_view(hand, **view_kwargs)  # type: ignore[arg-type]
    return {reason.code for reason in tactics(cards(play), view)}


def test_a_hint_names_the_first_idea_only() -> None:
    view = made_view("S3 S3 D4 D6 C7", dealer=0)
    assert [reason.code for reason in reasons_for(cards("D4"), view, [])] == ["tactic_lead_low"]


@pytest.mark.parametrize(("seed", "trick", "played"), [(1, 0, 0), (2, 4, 1), (3, 7, 3), (5, 10, 2), (8, 12, 0)])
def test_hints_are_legal_plays(seed: int, trick: int, played: int) -> None:
    rnd = round_at(seed, trick, played)
    seat = rnd.to_act
    if seat is None:
        pytest.skip("the round ended early")
    advice = hint(rnd, seat, budget=TINY)
    assert rnd.check(seat, advice.action).ok
    assert advice.seat == seat
    for reason in advice.reasons:
        assert reason.render("en") and reason.render("zh")
        assert not reason.render("en").startswith(reason.code)  # the code exists in the catalogue


def test_hint_from_a_view_lists_its_own_plays() -> None:
    rnd = round_at(6, 2, 1)
    seat = rnd.to_act
    assert seat is not None
    advice = hint(rnd.view(seat), budget=TINY)
    assert rnd.check(seat, advice.action).ok


def test_sure_winner_big_joker_lead() -> None:
    view = made_view("BJ S3 H4")
    assert is_sure_winner(cards("BJ"), view)
    assert not is_sure_winner(cards("S3"), view)
    assert "tactic_cash" in codes_of("BJ", {}, "BJ S3 H4")
    assert "tactic_cash" not in codes_of("S3", {}, "BJ S3 H4")


def test_top_in_suit_ace_lead() -> None:
    view = made_view("HA HK D3")
    assert is_top_in_suit(cards("HA"), view)
    assert not is_top_in_suit(cards("HK"), view)  # the ♥A is still out
    assert "tactic_cash_top" in codes_of("HA", {}, "HA HK D3")
    assert "tactic_cash_top" not in codes_of("HK", {}, "HA HK D3")


def test_partner_winning_duck_and_feed() -> None:
    # East leads ♥3, North (partner) plays ♥A, West ♥4; South plays last
    trick = [(1, "H3"), (2, "HA"), (3, "H4")]
    view = made_view("H6 H5 D3", trick)
    assert partner_sure_winner(view)
    assert "tactic_duck" in codes_of("H6", {"trick": trick}, "H6 H5 D3")
    assert "tactic_feed" in codes_of("H5", {"trick": trick}, "H6 H5 D3")
    # West beats North: no partner reason
    beaten = [(1, "H3"), (2, "HQ"), (3, "HA")]
    assert not partner_sure_winner(made_view("H6 H5 D3", beaten))
    feeding = {"tactic_duck", "tactic_feed"}
    assert not feeding & codes_of("H6", {"trick": beaten}, "H6 H5 D3")


def test_ruff_when_out_of_the_led_suit() -> None:
    trick = [(1, "HA")]
    view = made_view("S3 D4", trick)
    assert shown_void(0, "H", view)
    assert "tactic_ruff" in codes_of("S3", {"trick": trick}, "S3 D4")
    assert "tactic_ruff" not in codes_of("D4", {"trick": trick}, "S3 D4")  # a discard does not ruff
    assert not shown_void(0, "H", made_view("S3 H4", trick))


def test_opponent_void_shown_in_an_earlier_trick() -> None:
    # trick 1: North led ♦3, East discarded a club: East is out of diamonds
    history = [(2, ["D3", "D5", "D9", "C4"], 0)]
    view = made_view("C6 D7 H8", tricks=history)
    assert opponent_void(1, "D", view)
    assert not opponent_void(3, "D", view)
    assert not opponent_void(2, "D", view)  # North is the partner, and followed anyway
    assert "tactic_avoid_void" in codes_of("C6", {"tricks": history}, "C6 D7 H8")
    assert "tactic_avoid_void" not in codes_of("C6", {}, "C6 D7 H8")


def test_partner_void_lead() -> None:
    # trick 1: East led ♣3, North discarded a diamond
    history = [(1, ["C3", "D4", "C5", "C9"], 3)]
    assert "tactic_partner_void" in codes_of("C6", {"tricks": history}, "C6 D7 H8")
    assert "tactic_partner_void" not in codes_of("H8", {"tricks": history}, "C6 D7 H8")


def test_points_at_stake() -> None:
    trick = [(1, "HK"), (2, "H10"), (3, "H3")]
    view = made_view("H4 D3", trick)
    assert points_at_stake(cards("H4"), view) == 20


def test_protect_kitty_for_a_defender_near_the_end() -> None:
    hand = "S3 S3 D4 D6 C7"
    defending = {"dealer": 0}
    assert kitty_at_risk(made_view(hand, dealer=0))
    assert "tactic_guard_kitty" in codes_of("D4", defending, hand)
    assert "tactic_guard_kitty" not in codes_of("S3 S3", defending, hand)  # the pair is gone
    assert "tactic_guard_kitty" not in codes_of("D4", {"dealer": 1}, hand)  # attackers have no kitty to protect
    assert not kitty_at_risk(made_view("S3 S3 D4 D6 C7 C8 C9 CJ H3 H4", dealer=0))  # not near the end yet


@pytest.mark.parametrize(("seed", "trick", "played"), [(3, 7, 3), (8, 12, 0)])
def test_a_hint_leads_with_the_tactic_then_the_figure_in_words(seed: int, trick: int, played: int) -> None:
    rnd = round_at(seed, trick, played)
    seat = rnd.to_act
    assert seat is not None
    advice = hint(rnd, seat, budget=TINY)
    first, last = advice.reasons[0], advice.reasons[-1]
    assert is_tactic(first)
    assert last.code in {"tactic_support_attack", "tactic_support_defend", "tactic_support_close"}
    for lang in ("en", "zh"):
        lines = advice.message(lang).splitlines()
        assert lines[0] == first.render(lang)
        assert "averages" not in advice.message(lang) and "平均" not in advice.message(lang)
        panel = parse(str(hint_panel_html(advice, lang, available=True)))
        items = panel.find_all("li")
        assert items[0].attrs["data-code"] == first.code
        link = items[0].find("a", data_role="lesson-link")
        assert link.attrs["href"] == "../" + LESSONS[first.code]
        assert text("tactic_lesson_link", lang, number=LESSON_NUMBERS[LESSONS[first.code]]) in link.text
