"""Bad input is refused with a clear code and a message in both languages."""

from __future__ import annotations

import pytest

from shengji_kit.chances import (
    chance_holds,
    chance_partner_holds,
    chance_split,
    chance_throw_stands,
    from_view,
    kitty_points,
    sample_deals,
    situation,
)
from shengji_kit.engine.errors import CardError, RuleError
from shengji_kit.game import Round

from .conftest import HAND, HEARTS_2


def _refused(code: str, call: object, *args: object, **kwargs: object) -> RuleError:
    assert callable(call)
    with pytest.raises(RuleError) as caught:
        call(*args, **kwargs)
    error = caught.value
    assert error.code == code, error.message("en")
    assert isinstance(error, ValueError)
    en, zh = error.message("en"), error.message("zh")
    assert en != zh and "{" not in en and "{" not in zh and not en.startswith(code)
    return error


def test_bad_card_text_names_the_token() -> None:
    with pytest.raises(CardError) as caught:
        situation("SA XX", HEARTS_2)
    assert caught.value.token == "XX"
    with pytest.raises(CardError):
        chance_partner_holds("S1Z", situation(HAND, HEARTS_2), samples=10)


def test_a_card_in_hand_and_played_too_often() -> None:
    error = _refused("chances_too_many_copies", situation, "SA SA " + HAND, HEARTS_2, "SA")
    assert "♠A" in error.message("en") and "3" in error.message("zh")


def test_hand_sizes_that_do_not_fit_the_unseen_cards() -> None:
    error = _refused("chances_sizes_mismatch", situation, HAND, HEARTS_2, "SA")
    assert "82" in error.message("en")
    _refused("chances_sizes_mismatch", situation, HAND, HEARTS_2, hand_sizes={1: 30})
    _refused("chances_sizes_mismatch", kitty_points, situation(HAND, HEARTS_2).unseen[:5])


def test_impossible_voids() -> None:
    sit = situation(HAND, HEARTS_2, voids={1: "T", 2: "T", 3: "T"})
    _refused("chances_impossible_voids", sample_deals, sit, 10)
    _refused("chances_impossible_voids", chance_partner_holds, "SA", sit)
    _refused("chances_impossible_voids", kitty_points, sit)


def test_seats_that_are_not_hidden_hands() -> None:
    sit = situation(HAND, HEARTS_2)
    error = _refused("chances_bad_holder", chance_holds, "SA", 0, sit)
    assert "kitty" in error.message("en")
    _refused("chances_bad_holder", situation, HAND, HEARTS_2, voids={0: "S"})
    _refused("bad_seat", situation, HAND, HEARTS_2, seat=4)


def test_bad_suits_patterns_counts_and_throws() -> None:
    sit = situation(HAND, HEARTS_2)
    _refused("bad_suit", situation, HAND, HEARTS_2, voids={1: "X"})
    _refused("bad_suit", chance_split, "Q", (3, 3), sit)
    _refused("chances_bad_pattern", chance_split, "S", (3, 3, 3), sit)
    _refused("chances_bad_pattern", chance_split, "S", (15, 10), sit)
    _refused("chances_bad_count", sample_deals, sit, 0)
    _refused("chances_bad_count", chance_partner_holds, "SA", sit, samples=-5)
    _refused("chances_throw_not_in_hand", chance_throw_stands, "SA SK", sit)
    _refused("mixed_suits", chance_throw_stands, "SK C8", sit)


def test_no_trump_yet() -> None:
    rnd = Round.new(1, "super_tycoon", 1, 0, ("2", "2"))
    _refused("chances_trump_unknown", from_view, rnd.view(0))
