"""Following (RULES.md §5): suit obligation, then shape as closely as the hand allows."""

from __future__ import annotations

import pytest

import shengji_kit as sk
from shengji_kit.engine.follow import legal_plays, playable_cards

from .conftest import cards, trump

T2S = trump("2", "S")


def verdict(lead: str, hand: str, play: str, t: sk.Trump = T2S) -> sk.Verdict:
    return sk.check_follow(cards(lead), cards(hand), cards(play), t)


def test_single_any_card_of_the_suit() -> None:
    assert verdict("HA", "H3 H9 C4", "H3").ok
    assert verdict("HA", "H3 H9 C4", "H9").ok
    v = verdict("HA", "H3 H9 C4", "C4")
    assert not v.ok and v.code == "must_follow_suit"


def test_void_may_discard_or_ruff() -> None:
    assert verdict("HA", "C3 S9", "C3").ok
    assert verdict("HA", "C3 S9", "S9").ok


def test_short_suit_must_play_all_of_it() -> None:
    assert verdict("HA HA", "H3 C4 C5", "H3 C5").ok
    v = verdict("HA HA", "H3 C4 C5", "C4 C5")
    assert not v.ok and v.code == "must_play_all_suit"
    assert "♥3" in v.message("en") and "♥3" in v.message("zh")


def test_pair_led_must_play_pair_with_message() -> None:
    v = verdict("H7 H7", "H3 H3 H9 S4", "H3 H9")
    assert not v.ok and v.code == "must_play_pair"
    assert v.message("en") == "A pair of ♥ was led and you hold ♥3♥3: you must play a pair."
    assert v.message("zh") == "首家出的是红桃对子，你手里有♥3♥3，必须跟对子。"
    assert verdict("H7 H7", "H3 H3 H9 S4", "H3 H3").ok


def test_pair_led_without_pair_any_two() -> None:
    assert verdict("H7 H7", "H3 H9 HQ", "H3 HQ").ok


def test_two_level_cards_are_not_a_pair_when_following() -> None:
    assert verdict("SA SA", "H2 C2 S5 S5", "S5 S5").ok
    v = verdict("SA SA", "H2 C2 S5 S5", "H2 C2")
    assert not v.ok and v.code == "must_play_pair"


def test_tractor_led_must_play_tractor() -> None:
    v = verdict("H9 H9 H10 H10", "H3 H3 H4 H4 HK HK", "H3 H3 HK HK")
    assert not v.ok and v.code == "must_play_tractor"
    assert verdict("H9 H9 H10 H10", "H3 H3 H4 H4 HK HK", "H3 H3 H4 H4").ok


def test_tractor_led_cut_from_longer_tractor() -> None:
    assert verdict("H9 H9 H10 H10", "H3 H3 H4 H4 H5 H5", "H4 H4 H5 H5").ok


def test_tractor_led_without_tractor_pairs_then_singles() -> None:
    hand = "H3 H3 H7 H7 HQ HK"
    assert verdict("H9 H9 H10 H10", hand, "H3 H3 H7 H7").ok
    v = verdict("H9 H9 H10 H10", hand, "H3 H3 HQ HK")
    assert not v.ok and v.code == "must_play_pairs"
    assert verdict("H9 H9 H10 H10", "H3 H3 H7 HQ HK", "H3 H3 H7 HK").ok


def test_tractor_through_level_gap_must_be_followed() -> None:
    t = trump("4", "H")
    assert not verdict("C9 C9 C10 C10", "C3 C3 C5 C5 C8 C8", "C3 C3 C8 C8", t).ok
    assert verdict("C9 C9 C10 C10", "C3 C3 C5 C5 C8 C8", "C3 C3 C5 C5", t).ok


def test_throw_followed_by_its_tractors_then_pairs() -> None:
    lead = "HA HK HK HQ HQ"
    hand = "H3 H3 H4 H4 H8 H8 H9 C5"
    assert verdict(lead, hand, "H3 H3 H4 H4 H9").ok
    assert not verdict(lead, hand, "H3 H3 H8 H8 H9").ok
    assert verdict(lead, hand, "H3 H3 H4 H4 H8").ok


def test_lead_of_two_tractors_served_by_level_pairs() -> None:
    lead = "S5 S5 S6 S6 S9 S9 S10 S10"
    hand = "SA SA H2 H2 C2 C2 S2 S2 S3 S7"
    assert verdict(lead, hand, "SA SA H2 H2 C2 C2 S2 S2").ok
    assert not verdict(lead, hand, "SA SA H2 H2 C2 C2 S3 S7").ok


def test_wrong_count_and_not_in_hand() -> None:
    v = verdict("HA HA", "H3 H4 H5", "H3")
    assert v.code == "wrong_count" and "2" in v.message("zh")
    v = verdict("HA", "H3 H4", "H9")
    assert v.code == "not_in_hand" and "♥9" in v.message("en")
    v = verdict("HA HA", "H3 H4 H5", "H3 H3")
    assert v.code == "not_in_hand"


def test_mixed_lead_is_explained() -> None:
    v = verdict("HA SA", "H3", "H3")
    assert not v.ok and v.code == "mixed_suits"


def test_legal_plays_pair_lead() -> None:
    plays = list(legal_plays(cards("H7 H7"), cards("H3 H3 H9 H9 HQ S4"), T2S))
    assert sorted(" ".join(c.code for c in p) for p in plays) == ["H3 H3", "H9 H9"]


def test_playable_cards_for_highlighting() -> None:
    got = playable_cards(cards("H7 H7"), cards("H3 H3 H9 HQ S4"), T2S)
    assert {c.code for c in got} == {"H3"}
    got = playable_cards(cards("H7"), cards("H3 S4"), T2S)
    assert {c.code for c in got} == {"H3"}
    got = playable_cards(cards("H7 H7 H8 H8"), cards("H3 S4 C5"), T2S)
    assert {c.code for c in got} == {"H3", "S4", "C5"}
    assert playable_cards(None, cards("H3 S4"), T2S) == set(cards("H3 S4"))


def test_legal_leads_include_tractors_and_cap() -> None:
    hand = cards("H3 H3 H4 H4 H5 H5 S9")
    leads = [" ".join(c.code for c in p) for p in legal_plays(None, hand, T2S)]
    assert "H5 H5 H4 H4 H3 H3" in leads and "H4 H4 H3 H3" in leads and "S9" in leads
    assert len(list(legal_plays(None, cards("H3 H5 H7 H9 HJ HK"), T2S, limit=3))) == 3


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_refusal_has_text_in_both_languages(lang: str) -> None:
    v = verdict("H9 H9 H10 H10", "H3 H3 H4 H4 HK HK", "H3 H3 HK HK")
    expected = {
        "en": "A tractor of ♥ was led and you hold ♥4♥4 ♥3♥3: you must play a tractor.",
        "zh": "首家出的是红桃拖拉机，你手里有♥4♥4 ♥3♥3，必须跟拖拉机。",
    }
    assert v.code == "must_play_tractor"
    assert v.message(lang) == expected[lang]
