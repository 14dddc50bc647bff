"""Strict edges of the public API (issue 8): bad values are refused, named, in both languages."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shengji_kit as sk
from shengji_kit.engine.cards import CARDS, CardGroup

T2S = sk.Trump("2", "S")


def refused(call: object, code: str) -> sk.RuleError:
    """Run ``call``; it must raise a RuleError (a ValueError) of ``code`` explained in en and zh."""
    assert callable(call)
    with pytest.raises(sk.RuleError) as info:
        call()
    error = info.value
    assert isinstance(error, ValueError) and error.code == code, error.code
    for lang in ("en", "zh"):
        text = error.message(lang)
        assert text and "{" not in text and not text.startswith(code), text
    return error


# --- notation ----------------------------------------------------------------------------


@pytest.mark.parametrize("token", ["S1", "h1", "♠1"])
def test_rank_one_is_refused_with_the_ace_and_ten_hint(token: str) -> None:
    error = refused(lambda: sk.parse_cards(token), "card_rank_one")
    assert isinstance(error, sk.CardError) and token in str(error)
    assert "SA for the ace" in error.message("en") and "S10 or ST for the ten" in error.message("en")
    refused(lambda: sk.Card.of("S", "1"), "card_rank_one")


def test_the_undocumented_joker_alias_is_gone_and_documented_ones_stay() -> None:
    refused(lambda: sk.parse_cards("SJK"), "bad_card")
    assert [c.code for c in sk.parse_cards("lj LJ 小王 bj BJ 大王 ST s10")] == [
        "LJ", "LJ", "LJ", "BJ", "BJ", "BJ", "S10", "S10"
    ]


def test_emoji_variation_selector_is_stripped() -> None:
    assert [c.code for c in sk.parse_cards("♠\ufe0fA ♥\ufe0f10 ♣\ufe0eK")] == ["SA", "H10", "CK"]


def test_a_huge_bad_token_is_clipped_in_the_message() -> None:
    error = refused(lambda: sk.parse_cards("SA " + "x" * 1_000_000), "bad_card")
    assert len(str(error)) < 200 and "…" in str(error)
    assert len(error.message("zh")) < 200


@pytest.mark.parametrize("index", [True, 1.0, -1, 54, "3"])
def test_card_index_must_be_an_int_in_range(index: object) -> None:
    refused(lambda: sk.Card(index), "bad_card_index")  # type: ignore[arg-type]


# --- card text and impossible cards at every entry point ---------------------------------------


def test_card_text_is_accepted_wherever_cards_are() -> None:
    assert sk.shape("SA SK", sk.Trump("2", "H")).kind == "throw"
    assert sk.points("S5") == 5 and sk.points("SK H10 S5") == 25
    assert sk.trick_winner(["C3", "CA", "C5", "S2"], T2S) == 3
    assert sk.check_follow("HA", "H3 S4", "H3", T2S).ok
    assert not sk.check_follow(["HA"], ["H3", "S4"], ["S4"], T2S).ok
    assert sk.check_throw("HA HK", ["H3", "HQ", "C3"], T2S).ok
    assert sk.kitty_multiplier("H3 H3", T2S) == 4
    assert [c.code for p in sk.legal_plays("HA", "H3 S4 H5", T2S) for c in p] == ["H5", "H3"]
    assert sk.playable_cards("HA", "H3 S4", T2S) == set(sk.parse_cards("H3"))
    assert len(list(sk.engine.legal_leads("SA SA", T2S))) == 2
    assert sk.points(sk.parse_cards("SK")[0]) == 10


@pytest.mark.parametrize("bad", [3, None, 4.5, [object()], [3]])
def test_values_that_are_not_cards_are_refused(bad: object) -> None:
    refused(lambda: sk.points(bad), "not_cards")  # type: ignore[arg-type]
    refused(lambda: sk.shape(bad, T2S), "not_cards")  # type: ignore[arg-type]


def test_a_trump_is_required_where_a_trump_is_expected() -> None:
    refused(lambda: sk.shape("SA", "2"), "bad_trump")  # type: ignore[arg-type]


def test_a_third_copy_is_refused_everywhere_naming_the_card() -> None:
    three = "HA HA HA"
    error = refused(lambda: sk.shape(three, T2S), "too_many_copies")
    assert "♥A" in error.message("en") and "♥A" in error.message("zh")
    refused(lambda: sk.points("SK SK SK"), "too_many_copies")
    refused(lambda: sk.check_follow("HA", "HA HA H3", "H3", T2S), "too_many_copies")
    refused(lambda: sk.trick_winner(["HA", "HA", "HA"], T2S), "too_many_copies")
    refused(lambda: sk.check_throw("HA HK", ["HA HA", "", ""], T2S), "too_many_copies")
    refused(lambda: sk.kitty_multiplier(three, T2S), "too_many_copies")
    refused(lambda: sk.legal_plays("HA", "HA HA H3", T2S), "too_many_copies")
    refused(lambda: sk.playable_cards(None, three, T2S), "too_many_copies")


# --- tricks ------------------------------------------------------------------------------------


def test_trick_winner_refuses_impossible_tricks() -> None:
    refused(lambda: sk.trick_winner([], T2S), "trick_no_plays")
    refused(lambda: sk.trick_winner(["C3"] * 2 + ["C4"] * 2 + ["C5"] * 2, T2S), "trick_too_many_plays")
    error = refused(lambda: sk.trick_winner(["C3 C3", "C4"], T2S), "trick_size_mismatch")
    assert "2" in error.message("en")
    refused(lambda: sk.trick_winner("C3 C4", T2S), "not_cards")


def test_check_throw_takes_at_most_three_other_hands() -> None:
    refused(lambda: sk.check_throw("HA HK", ["H3", "H4", "H5", "H6"], T2S), "too_many_hands")


# --- scoring -----------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [7, -1, 0.5, True, "0"])
def test_next_dealer_refuses_what_is_not_a_seat(dealer: object) -> None:
    refused(lambda: sk.next_dealer(dealer, sk.level_outcome(40)), "bad_dealer")  # type: ignore[arg-type]


def test_next_dealer_needs_an_outcome() -> None:
    refused(lambda: sk.next_dealer(0, "defenders"), "bad_outcome")  # type: ignore[arg-type]


@pytest.mark.parametrize("total", [True, False, 7, -5, 12.0, "40"])
def test_level_outcome_refuses_impossible_totals(total: object) -> None:
    refused(lambda: sk.level_outcome(total), "bad_total")  # type: ignore[arg-type]


@pytest.mark.parametrize("steps", [1.5, True, -1, "1"])
def test_climb_refuses_steps_that_are_not_counts(steps: object) -> None:
    refused(lambda: sk.climb("2", steps), "bad_steps")  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["1", 1, True, None])
def test_level_one_and_non_levels_are_refused(level: object) -> None:
    refused(lambda: sk.climb(level, 1), "bad_level")  # type: ignore[arg-type]
    refused(lambda: sk.Trump(level), "bad_level")  # type: ignore[arg-type]


# --- enumeration ---------------------------------------------------------------------------------


TRUMP_HEAVY = (
    "BJ BJ LJ LJ S2 S2 H2 H2 C2 D2 SA SA SK SK SQ SQ SJ SJ S10 S10 S9 S8 S7 S6 S5 S4 S3 "
    "HA HK CA CK DA DK"
)


@pytest.mark.timeout(60)
def test_the_first_plays_of_an_unlimited_throw_stream_come_at_once() -> None:
    hand = sk.parse_cards(TRUMP_HEAVY)
    assert len(hand) == 33
    stream = sk.legal_plays(None, hand, T2S, include_throws=True, limit=None)
    first = list(itertools.islice(stream, 5000))
    assert len(first) == 5000
    assert len({tuple(sorted(play)) for play in first}) == 5000


def test_a_bad_limit_is_refused() -> None:
    refused(lambda: sk.legal_plays(None, "SA", T2S, limit=-1), "bad_limit")
    refused(lambda: sk.legal_plays(None, "SA", T2S, limit=2.5), "bad_limit")  # type: ignore[arg-type]


# --- CardGroup -----------------------------------------------------------------------------------


groups = st.lists(st.sampled_from(CARDS[:6]), max_size=4)


@settings(max_examples=300, deadline=None)
@given(groups, groups)
def test_card_groups_that_are_equal_hash_alike(a: list[sk.Card], b: list[sk.Card]) -> None:
    group = CardGroup(a)
    for other in (CardGroup(b), tuple(b), CardGroup(reversed(a)), tuple(reversed(a))):
        if group == other:
            assert other == group and hash(group) == hash(other)
    assert (group == CardGroup(b)) == (sorted(a) == sorted(b))
    assert (group == list(b)) == (sorted(a) == sorted(b))


def test_trump_methods_take_card_text_too() -> None:
    assert T2S.is_trump("SA") and T2S.suit_of("H3") == "H" and T2S.step("BJ") > T2S.step("LJ")
    assert [c.code for c in T2S.sorted("H3 SA BJ")] == ["BJ", "SA", "H3"]
    assert T2S.sort_key("SA") == T2S.sort_key(sk.parse_cards("SA")[0])
    refused(lambda: T2S.suit_of(3), "not_cards")  # type: ignore[arg-type]


def test_codes_and_symbols_take_card_text_too() -> None:
    assert sk.engine.codes("♠a h10 bj") == "SA H10 BJ"
    assert sk.engine.symbols(["SA", *sk.parse_cards("HT")]) == "♠A♥10"


def test_legal_plays_refuses_a_bad_lead_at_once_not_on_first_use() -> None:
    refused(lambda: sk.legal_plays([], "SA", T2S), "empty_play")
    refused(lambda: sk.legal_plays("H3 C3", "SA", T2S), "mixed_suits")
    refused(lambda: sk.Card.of(1, "A"), "bad_card")  # type: ignore[arg-type]
