"""Every declaring and overturning path of RULES.md §8, on set-up deals.

Each deal names where the level cards and jokers go, so only the intended seats can act.
With the dealer at seat 0, seat s receives its k-th card as card number s + 4k of the deal.
"""

from __future__ import annotations

import pytest

from shengji_kit.game import Action, Round

from .conftest import advance, cards, options, setup

ZERO_POINT_HAND = "S3 S3 S4 S4 S6 S6 S7 S7 S8 S8 S9 S9 SJ SJ SQ SQ H3 H3 H4 H4 H6 H6 H7 H7 H8"


def kinds(rnd: Round) -> list[tuple[str, int | None]]:
    return [(e.kind, e.seat) for e in rnd.log]


# --- round 1: the race ---------------------------------------------------------------


def test_race_first_declarer_becomes_dealer_and_gets_the_kitty() -> None:
    rnd = setup({1: "S2 LJ", 0: "H2 C2", 2: "D2 S2", 3: "H2 D2 C2"}, kitty="BJ BJ LJ")
    assert (rnd.phase, rnd.to_act, rnd.view(1).cards_dealt) == ("deal", 1, 6)
    assert options(rnd, 1) == {"declare S2 LJ"}
    assert rnd.dealer is None and rnd.view(1).dealer is None
    event = rnd.act(1, Action.declare("S2 LJ"))
    assert event.kind == "declare" and "spades" in event.message("en") and "黑桃" in event.message("zh")
    assert rnd.dealer == 1 and rnd.trump is not None and rnd.trump.suit == "S" and rnd.level == "2"
    advance(rnd, lambda r: r.phase == "bury")
    assert rnd.to_act == 1 and len(rnd.view(1).hand) == 33 and len(rnd.view(0).hand) == 25
    assert rnd.view(0).kitty is None


def test_joker_colours_and_jokers_alone_never_declare() -> None:
    # Seat 0 holds all four jokers but no level card; seat 1 holds H2 with the little joker only.
    rnd = setup({0: "BJ BJ LJ LJ", 1: "H2 C2"}, kitty="S2 S2 H2 C2 D2 D2 S5 S6")
    assert rnd.deal_number == 1, "nobody could declare, so round 1 is dealt again"
    assert ("no_declaration", None) in kinds(rnd)
    assert rnd.view(0).race


def test_classic_declares_with_one_level_card() -> None:
    rnd = setup({2: "H2", 3: "BJ", 0: "LJ", 1: "LJ"}, kitty="S2 S2 H2 C2 C2 D2 D2 BJ", rules="classic")
    assert rnd.to_act == 2 and options(rnd, 2) == {"declare H2"}
    rnd.act(2, Action.declare("H2"))
    assert rnd.dealer == 2 and rnd.trump is not None and rnd.trump.suit == "H"


def test_a_seat_that_waits_is_asked_with_each_card_or_after_the_deal() -> None:
    rnd = setup({1: "S2 LJ", 0: "H2 C2", 2: "D2 S2", 3: "H2 D2 C2"}, kitty="BJ BJ LJ")
    assert {a.kind for a in rnd.legal_actions(1)} == {"declare", "pass", "deal_on"}
    rnd.act(1, Action.passes())
    assert (rnd.phase, rnd.to_act, rnd.view(1).cards_dealt) == ("deal", 1, 10), "asked again with the next card"
    rnd.act(1, Action.deal_on())
    assert rnd.phase == "declare" and rnd.to_act == 1, "the final call after the deal"
    assert rnd.view(1).cards_dealt == 100 and len(rnd.view(1).hand) == 25
    assert rnd.check(1, Action.deal_on()).code == "wrong_action"
    rnd.act(1, Action.passes())
    assert rnd.deal_number == 1 and rnd.phase in ("deal", "declare")


def test_lock_allows_only_a_joker_pair_to_overturn() -> None:
    rnd = setup({1: "S2 S2 LJ", 3: "H2 H2 BJ BJ", 0: "C2 C2", 2: "D2 D2"}, kitty="LJ")
    assert rnd.to_act == 1
    assert options(rnd, 1) == {"declare S2 LJ", "declare S2 S2 LJ"}
    rnd.act(1, Action.declare("S2 S2 LJ"))
    assert rnd.view(0).bid is not None and rnd.view(0).bid.is_lock
    advance(rnd, lambda r: r.to_act == 3)
    assert options(rnd, 3) == {"overturn BJ BJ"}
    refused = rnd.check(3, Action.overturn("H2 H2 BJ"))
    assert not refused.ok and refused.code == "locked"
    assert "jokers" in refused.message("en") and "一对王" in refused.message("zh")
    rnd.act(3, Action.overturn("BJ BJ"))
    assert rnd.dealer == 3 and rnd.trump is not None and rnd.trump.suit is None


def test_overturns_during_the_deal_and_the_declarer_only_after_another() -> None:
    rnd = setup({1: "S2 LJ LJ", 2: "H2 H2 BJ", 0: "C2 C2", 3: "D2 D2"}, kitty="S2 BJ")
    assert rnd.to_act == 1 and options(rnd, 1) == {"declare S2 LJ"}
    rnd.act(1, Action.declare("S2 LJ"))
    # Seat 1 got its second LJ as card 9 but may not overturn its own declaration.
    assert rnd.to_act == 2 and rnd.view(2).cards_dealt == 11
    assert options(rnd, 2) == {"overturn H2 H2 BJ"}
    rnd.act(2, Action.overturn("H2 H2 BJ"))
    assert rnd.dealer == 2 and rnd.trump is not None and rnd.trump.suit == "H"
    assert rnd.to_act == 1 and options(rnd, 1) == {"overturn LJ LJ"}
    rnd.act(1, Action.overturn("LJ LJ"))
    assert rnd.dealer == 1 and rnd.trump is not None and rnd.trump.suit is None
    assert [b.seat for b in rnd.view(0).bids] == [1, 2, 1]


def test_overturn_window_after_the_deal_until_three_passes() -> None:
    rnd = setup({1: "S2 LJ", 3: "D2 D2 BJ", 0: "H2 C2", 2: "C2 H2 S2"}, kitty="LJ BJ")
    rnd.act(1, Action.declare("S2 LJ"))
    assert rnd.to_act == 3 and options(rnd, 3) == {"overturn D2 D2 BJ"}
    rnd.act(3, Action.deal_on())
    assert rnd.phase == "overturn" and rnd.to_act == 3, "asked again in the window after the deal"
    rnd.act(3, Action.overturn("D2 D2 BJ"))
    assert rnd.dealer == 3 and rnd.trump is not None and rnd.trump.suit == "D"
    advance(rnd, lambda r: r.phase == "bury")
    assert rnd.to_act == 3


def test_an_overturn_must_be_strictly_stronger() -> None:
    rnd = setup({1: "H2 BJ", 2: "D2 D2 BJ", 3: "C2 C2 LJ LJ", 0: "S2 S2 H2"})
    assert rnd.to_act == 1
    rnd.act(1, Action.declare("H2 BJ"))
    advance(rnd, lambda r: r.to_act == 2)
    rnd.act(2, Action.overturn("D2 D2 BJ"))
    advance(rnd, lambda r: r.to_act == 3 and "overturn LJ LJ" in options(r, 3))
    assert options(rnd, 3) == {"overturn LJ LJ"}
    before = rnd.view(3)
    refused = rnd.check(3, Action.overturn("C2 C2 LJ"))
    assert refused.code == "overturn_too_weak"
    with pytest.raises(ValueError) as error:
        rnd.act(3, Action.overturn("C2 C2 LJ"))
    assert getattr(error.value, "code", None) == "overturn_too_weak"
    assert rnd.view(3) == before
    rnd.act(3, Action.overturn("LJ LJ"))
    assert rnd.dealer == 3 and rnd.trump is not None and rnd.trump.suit is None


# --- later rounds ------------------------------------------------------------------------

LATER_35 = {  # levels 3 (team 0) and 5 (team 1); only seat 1 can declare, with its own level
    1: "S5 LJ", 0: "H3 H3", 2: "S3 S3 C3 C3", 3: "D3 D3 H5 H5 C5 C5 D5 D5 S5",
}


def test_later_round_attackers_declare_after_the_deal_and_take_the_deal() -> None:
    rnd = setup(LATER_35, kitty="LJ BJ BJ", round_number=2, levels=("3", "5"))
    assert rnd.phase == "declare" and rnd.to_act == 1, "nobody may declare during the deal but the dealer's team"
    assert options(rnd, 1) == {"declare S5 LJ"}
    rnd.act(1, Action.declare("S5 LJ"))
    assert rnd.dealer == 1 and rnd.level == "5" and rnd.trump is not None and rnd.trump.suit == "S"
    advance(rnd, lambda r: r.phase == "bury")
    assert rnd.to_act == 1


def test_later_round_dealer_team_declares_during_the_deal_and_attackers_wait() -> None:
    hands = dict(LATER_35)
    hands[2] = "S3 LJ S3 C3 C3"
    rnd = setup(hands, kitty="BJ BJ HK", round_number=2, levels=("3", "5"))
    assert rnd.phase == "deal" and rnd.to_act == 2 and options(rnd, 2) == {"declare S3 LJ"}
    assert rnd.check(1, Action.declare("S5 LJ")).code == "not_your_turn"
    rnd.act(2, Action.declare("S3 LJ"))
    assert rnd.dealer == 0, "the partner's declaration keeps the scheduled dealer"
    assert rnd.trump is not None and rnd.trump.suit == "S" and rnd.level == "3"


def test_dealer_team_that_could_declare_but_passes_gets_the_kitty_card() -> None:
    hands = dict(LATER_35)
    hands[2] = "S3 LJ S3 C3 C3"
    hands[3] = LATER_35[3] + " HK"
    rnd = setup(hands, kitty="BJ BJ HK", round_number=2, levels=("3", "5"))
    advance(rnd, lambda r: r.phase not in ("deal", "declare"))
    assert all(seat != 1 for kind, seat in kinds(rnd) if kind in ("pass", "declare"))
    reveal = next(e for e in rnd.log if e.kind == "reveal")
    assert reveal.cards == cards("HK") and "HK" not in reveal.message("en")
    assert rnd.dealer == 3 and rnd.level == "5" and rnd.trump is not None and rnd.trump.suit == "H"


@pytest.mark.parametrize(
    ("hands", "kitty", "dealer", "level", "suit"),
    [
        # the other HK is held by seat 1, whose level is K: the card is judged again -> no-trump
        ({1: "HK", 0: "S3 S3 H3 H3", 2: "C3 C3 D3 D3"}, "BJ BJ HK LJ LJ", 1, "K", None),
        # a joker turned up: no-trump; seat 2 holds the other big joker and deals at level 3
        ({2: "BJ", 1: "H3 H3 D3 D3"}, "S4 S4 BJ LJ LJ", 2, "3", None),
        # both copies in the kitty: the scheduled dealer stays and the suit is trump
        ({1: "S3 S3"}, "BJ BJ HK HK LJ LJ", 0, "3", "H"),
    ],
)
def test_nobody_declares_the_kitty_third_card_decides(
    hands: dict[int, str], kitty: str, dealer: int, level: str, suit: str | None
) -> None:
    rnd = setup(hands, kitty=kitty, round_number=2, levels=("3", "K"))
    advance(rnd, lambda r: r.phase not in ("deal", "declare"))
    assert any(e.kind == "reveal" for e in rnd.log)
    assert rnd.dealer == dealer and rnd.level == level
    assert rnd.trump is not None and rnd.trump.suit == suit


# --- redeal, kitty exchange, classic overturns ----------------------------------------------


REDEAL_HANDS = {0: "S2 LJ", 1: ZERO_POINT_HAND, 2: "H2 H2 C2 C2", 3: "D2 D2 S2 SK HK CK DK"}


def test_redeal_for_an_attacker_under_15_points_and_the_dealer_stays() -> None:
    rnd = setup(REDEAL_HANDS, kitty="LJ BJ BJ")
    assert rnd.to_act == 0
    rnd.act(0, Action.declare("S2 LJ"))
    assert rnd.phase == "redeal" and rnd.to_act == 1 and options(rnd, 1) == {"redeal"}
    assert rnd.check(3, Action.redeal()).code == "not_your_turn"
    event = rnd.act(1, Action.redeal())
    assert event.kind == "redeal" and "0" in event.message("en")
    assert rnd.deal_number == 1 and rnd.dealer == 0 and not rnd.view(0).race


def test_no_redeal_when_the_attacker_declines_and_none_in_classic() -> None:
    rnd = setup(REDEAL_HANDS, kitty="LJ BJ BJ")
    rnd.act(0, Action.declare("S2 LJ"))
    rnd.act(1, Action.passes())
    assert rnd.phase == "bury" and rnd.to_act == 0
    classic = setup(REDEAL_HANDS, kitty="LJ BJ BJ", rules="classic")
    assert classic.to_act == 0 and "declare S2" in options(classic, 0)
    classic.act(0, Action.declare("S2"))
    advance(classic, lambda r: r.phase == "bury")
    assert all(e.kind != "redeal" for e in classic.log) and classic.to_act == 0


def test_kitty_exchange_after_the_bury_in_later_rounds() -> None:
    rnd = setup(
        {0: "S2 LJ LJ", 1: "H2 H2 BJ", 2: "C2 C2", 3: "D2 D2 S2"}, kitty="BJ", round_number=2,
    )
    assert rnd.to_act == 0 and options(rnd, 0) == {"declare S2 LJ"}
    rnd.act(0, Action.declare("S2 LJ"))
    advance(rnd, lambda r: r.phase == "bury")
    assert all(seat != 1 for kind, seat in kinds(rnd) if kind == "overturn")
    first_bury = rnd.legal_actions(0)[0]
    rnd.act(0, first_bury)
    assert rnd.phase == "overturn" and rnd.to_act == 1 and options(rnd, 1) == {"overturn H2 H2 BJ"}
    rnd.act(1, Action.overturn("H2 H2 BJ"))
    assert rnd.phase == "bury" and rnd.to_act == 1
    hand = rnd.view(1).hand
    assert len(hand) == 33 and all(card in hand for card in first_bury.cards)
    second = rnd.legal_actions(1)[0]
    rnd.act(1, second)
    assert rnd.to_act == 0 and options(rnd, 0) == {"overturn LJ LJ"}
    rnd.act(0, Action.overturn("LJ LJ"))
    third = rnd.legal_actions(0)[0]
    rnd.act(0, third)
    assert rnd.phase == "play" and rnd.dealer == 0 and rnd.to_act == 0
    assert rnd.trump is not None and rnd.trump.suit is None
    assert rnd.view(0).kitty == third.cards and rnd.view(1).kitty is None


def test_classic_overturn_with_a_plain_pair_changes_only_the_trump_in_later_rounds() -> None:
    rnd = setup(
        {0: "S2", 1: "H2 H2", 2: "C2 C2", 3: "D2 D2 S2"}, kitty="LJ LJ BJ BJ",
        rules="classic", round_number=2,
    )
    assert rnd.to_act == 0 and options(rnd, 0) == {"declare S2"}
    rnd.act(0, Action.declare("S2"))
    assert rnd.to_act == 1 and options(rnd, 1) == {"overturn H2 H2"}
    rnd.act(1, Action.overturn("H2 H2"))
    assert rnd.dealer == 0 and rnd.trump is not None and rnd.trump.suit == "H"
    advance(rnd, lambda r: r.phase == "bury")
    rnd.act(0, rnd.legal_actions(0)[0])
    assert rnd.phase == "play", "classic has no kitty exchange after the bury"


def test_classic_round_one_overturner_becomes_dealer() -> None:
    rnd = setup({1: "S2", 2: "H2 H2", 0: "LJ", 3: "BJ"}, kitty="C2 C2 D2 D2 S2 LJ BJ", rules="classic")
    assert rnd.to_act == 1
    rnd.act(1, Action.declare("S2"))
    assert rnd.to_act == 2
    rnd.act(2, Action.overturn("H2 H2"))
    assert rnd.dealer == 2
