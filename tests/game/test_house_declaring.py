"""House switches for declaring and the kitty in a real round: lock, overturn order, redeal threshold,
nobody declaring, the kitty's size and whether it is shown at the end."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import pytest

from shengji_kit.chances.situation import KITTY, from_view
from shengji_kit.engine.cards import parse_cards
from shengji_kit.engine.rules import Rules
from shengji_kit.game import Action, Round
from shengji_kit.game.bots import RandomBot, RuleBot, play_round
from shengji_kit.game.deal import arrange_deck
from shengji_kit.game.declaring import declarations

from .conftest import advance, options

SUPER = Rules.preset("super_tycoon")
CLASSIC = Rules.preset("classic")
ZERO_POINT_HAND = "S3 S3 S4 S4 S6 S6 S7 S7 S8 S8 S9 S9 SJ SJ SQ SQ H3 H3 H4 H4 H6 H6 H7 H7 H8"
TEN_POINT_HAND = "S3 S3 S4 S4 S6 S6 S7 S7 S8 S8 S9 S9 SJ SJ SQ SQ H3 H3 H4 H4 H6 H6 H7 H7 H10"


def house(base: Rules = SUPER, **switches: object) -> Rules:
    return dataclasses.replace(base, name="house", **switches)


def setup(hands: Mapping[int, str], kitty: str, rules: Rules, *, round_number: int = 1,
          levels: tuple[str, str] = ("2", "2")) -> Round:
    deck = arrange_deck(hands, kitty, first=0, kitty_size=rules.kitty_size)
    return Round.new(0, rules, round_number, 0, levels, decks=[deck])


# --- lock_allowed --------------------------------------------------------------------------


def test_lock_allowed_offers_a_pair_declaration_only_when_on() -> None:
    hands = {1: "S2 S2 LJ", 0: "C3", 2: "D3", 3: "H3"}
    with_lock = setup(hands, "BJ", house(lock_allowed=True))
    assert with_lock.to_act == 1 and options(with_lock, 1) == {"declare S2 LJ", "declare S2 S2 LJ"}
    without = setup(hands, "BJ", house(lock_allowed=False))
    assert without.to_act == 1 and options(without, 1) == {"declare S2 LJ"}
    refused = without.check(1, Action.declare("S2 S2 LJ"))
    assert refused.code == "not_a_declaration"


@pytest.mark.parametrize("lock,shown", [(True, [("S2",), ("S2", "S2")]), (False, [("S2",)])])
def test_classic_lock_switch_lists_the_pair_declaration(lock: bool, shown: list[tuple[str, ...]]) -> None:
    counts = [0] * 54
    counts[parse_cards("S2")[0].index] = 2
    found = declarations(counts, "2", house(CLASSIC, lock_allowed=lock))
    assert [tuple(card.code for card in cards) for cards in found] == shown


# --- overturn_order --------------------------------------------------------------------------


def overturn_options_after_little_pair(order: str) -> set[str]:
    """Classic dealing: seat 1 declares H2, seat 3 overturns with the little jokers; may seat 2's big jokers follow?"""
    rnd = setup({1: "H2", 3: "LJ LJ", 2: "BJ BJ", 0: "C3"}, "S4", house(CLASSIC, overturn_order=order))
    assert rnd.to_act == 1
    rnd.act(1, Action.declare("H2"))
    advance(rnd, lambda r: r.to_act == 3 and "overturn LJ LJ" in options(r, 3))
    rnd.act(3, Action.overturn("LJ LJ"))
    advance(rnd, lambda r: (r.to_act == 2 and bool(options(r, 2))) or r.phase in ("bury", "redeal"))
    return options(rnd, 2) if rnd.to_act == 2 else set()


def test_overturn_order_decides_whether_big_jokers_beat_little_jokers() -> None:
    assert overturn_options_after_little_pair("jokers_ranked") == {"overturn BJ BJ"}
    assert overturn_options_after_little_pair("jokers_equal") == set()


def test_more_cards_order_lets_nothing_overturn_a_pair() -> None:
    hands = {1: "H2 BJ", 2: "D2 D2 BJ", 3: "LJ LJ", 0: "C3"}
    ranked = setup(hands, "S4", house(overturn_order="jokers_ranked"))
    ranked.act(1, Action.declare("H2 BJ"))
    advance(ranked, lambda r: r.to_act == 2)
    ranked.act(2, Action.overturn("D2 D2 BJ"))
    advance(ranked, lambda r: r.to_act == 3)
    assert options(ranked, 3) == {"overturn LJ LJ"}
    equal_pairs = setup(hands, "S4", house(overturn_order="more_cards"))
    equal_pairs.act(1, Action.declare("H2 BJ"))
    advance(equal_pairs, lambda r: r.to_act == 2)
    equal_pairs.act(2, Action.overturn("D2 D2 BJ"))
    advance(equal_pairs, lambda r: r.to_act == 3 or r.phase == "bury")
    assert equal_pairs.to_act != 3 or not options(equal_pairs, 3)
    assert equal_pairs.check(3, Action.overturn("LJ LJ")).code in ("overturn_too_weak", "not_your_turn")


# --- redeal_below --------------------------------------------------------------------------


@pytest.mark.parametrize("threshold,asked", [(15, True), (10, False), (5, False)])
def test_redeal_threshold_counts_the_attackers_points(threshold: int, asked: bool) -> None:
    hands = {0: "S2 LJ", 1: TEN_POINT_HAND, 2: "H2 H2 C2 C2", 3: "D2 D2 S2 SK HK CK DK"}
    rnd = setup(hands, "LJ BJ BJ", house(redeal_below=threshold))
    rnd.act(0, Action.declare("S2 LJ"))
    assert (rnd.phase == "redeal" and rnd.to_act == 1) is asked
    if not asked:
        assert rnd.phase == "bury" and rnd.to_act == 0


def test_zero_points_may_redeal_at_any_threshold_but_never_without_redeal_allowed() -> None:
    hands = {0: "S2 LJ", 1: ZERO_POINT_HAND, 2: "H2 H2 C2 C2", 3: "D2 D2 S2 SK HK CK DK"}
    rnd = setup(hands, "LJ BJ BJ", house(redeal_below=5))
    rnd.act(0, Action.declare("S2 LJ"))
    assert rnd.phase == "redeal" and rnd.to_act == 1
    never = setup(hands, "LJ BJ BJ", house(redeal_allowed=False, redeal_below=60))
    never.act(0, Action.declare("S2 LJ"))
    assert never.phase == "bury"


# --- no_declaration --------------------------------------------------------------------------


@pytest.mark.parametrize("choice,revealed,deal_number", [("kitty_card", True, 0), ("redeal", False, 1)])
def test_nobody_declares_in_a_later_round(choice: str, revealed: bool, deal_number: int) -> None:
    rnd = setup({1: "S3 S3"}, "BJ BJ HK HK LJ LJ", house(no_declaration=choice), round_number=2, levels=("3", "K"))
    advance(rnd, lambda r: r.phase not in ("deal", "declare") or r.deal_number > 0)
    assert any(e.kind == "reveal" for e in rnd.log) is revealed
    assert rnd.deal_number == deal_number
    assert any(e.kind == "no_declaration" for e in rnd.log) is not revealed
    if revealed:
        assert rnd.trump is not None and rnd.trump.suit == "H"


def test_dealer_choice_makes_the_scheduled_dealer_name_the_trump() -> None:
    rnd = setup({1: "S3 S3", 0: "C4 H9 LJ"}, "BJ BJ HK HK LJ", house(no_declaration="dealer_choice"),
                round_number=2, levels=("3", "K"))
    advance(rnd, lambda r: r.phase == "declare" and not any(a.kind == "pass" for a in r.legal_actions(r.to_act or 0)))
    assert rnd.to_act == 0 and rnd.dealer == 0
    offered = {o.split()[1] for o in options(rnd, 0)}
    assert {"C", "H", "L"} <= {code[0] for code in offered} and len(offered) <= 5
    assert not any(code.endswith("3") and code[0] in "SHCD" for code in offered), "a level card names no suit"
    assert rnd.check(0, Action.passes()).code == "wrong_action"
    refused = rnd.check(0, Action.declare("C4 H9"))
    assert refused.code == "house_scoring_name_trump" and "王" in refused.message("zh")
    rnd.act(0, Action.declare(next(code for code in offered if code.startswith("H"))))
    assert rnd.trump is not None and rnd.trump.suit == "H" and rnd.trump.level == "3" and rnd.dealer == 0
    assert all(e.kind != "reveal" for e in rnd.log)
    advance(rnd, lambda r: r.phase == "bury")
    assert rnd.to_act == 0


# --- kitty_size and kitty_shown_at_end -------------------------------------------------------------


@pytest.mark.parametrize("size,hand", [(4, 26), (8, 25), (12, 24)])
def test_kitty_size_deals_the_hands_and_buries_that_many(size: int, hand: int) -> None:
    rules = house(kitty_size=size)
    rnd = Round.new(3, rules)
    bot = RandomBot(3)
    while rnd.phase != "bury":
        seat = rnd.to_act
        assert seat is not None
        rnd.act(seat, bot.choose(rnd.view(seat), rnd.legal_actions(seat)))
    burier = rnd.to_act
    assert burier is not None
    assert len(rnd.view(burier).hand) == hand + size
    assert rnd.view((burier + 1) % 4).cards_dealt == 4 * hand
    refused = rnd.check(burier, Action.bury(rnd.view(burier).hand[: size + 1]))
    assert refused.code == "bury_count" and str(size) in refused.message("en") and str(size) in refused.message("zh")
    rnd.act(burier, Action.bury(rnd.view(burier).hand[:size]))
    assert len(rnd.view(burier).kitty or ()) == size
    assert sum(rnd.all_cards().values()) == 108


@pytest.mark.parametrize("size", [4, 12])
def test_bots_play_a_whole_round_with_another_kitty_size(size: int) -> None:
    rnd = Round.new(11, house(kitty_size=size))
    play_round(rnd, [RandomBot(seat) for seat in range(4)])
    result = rnd.result
    assert result is not None
    assert len(rnd.view(0).kitty or ()) == size
    assert result.total == result.attackers_points + result.kitty_points * result.kitty_multiplier


def finished(rules: Rules, seed: int) -> Round:
    rnd = Round.new(seed, rules)
    play_round(rnd, [RandomBot(seed + seat) for seat in range(4)])
    return rnd


def test_kitty_hidden_at_the_end_unless_the_attackers_capture_it() -> None:
    hidden = house(kitty_shown_at_end=False)
    kept = next(r for r in (finished(hidden, s) for s in range(40)) if r.result and not r.result.kitty_captured)
    assert kept.result is not None
    burier = kept.buries[-1][0]
    others = [seat for seat in range(4) if seat != burier]
    assert all(kept.view(seat).kitty is None for seat in others)
    assert kept.view(burier).kitty is not None
    shown = finished(SUPER, kept.seed)
    assert all(shown.view(seat).kitty is not None for seat in range(4))
    captured = next(r for r in (finished(hidden, s) for s in range(40)) if r.result and r.result.kitty_captured)
    assert all(captured.view(seat).kitty is not None for seat in range(4))


def test_chances_sample_a_hidden_kitty_of_the_house_size() -> None:
    rnd = Round.new(5, house(kitty_size=12))
    bot = RandomBot(5)
    while rnd.phase != "play":
        seat = rnd.to_act
        assert seat is not None
        rnd.act(seat, bot.choose(rnd.view(seat), rnd.legal_actions(seat)))
    outsider = next(seat for seat in range(4) if rnd.view(seat).kitty is None)
    found = from_view(rnd.view(outsider))
    assert found.size_of(KITTY) == 12 and len(found.unseen) == 3 * 24 + 12


def test_rule_bots_name_the_trump_when_the_dealer_must_choose() -> None:
    rules = house(no_declaration="dealer_choice")
    rnd = setup({1: "S3 S3"}, "BJ BJ HK HK LJ LJ", rules, round_number=2, levels=("3", "K"))
    play_round(rnd, [RuleBot(seat) for seat in range(4)])
    assert rnd.result is not None and rnd.dealer == 0
    named = [bid for bid in rnd.view(0).bids if bid.seat == 0]
    assert named and len(named[0].cards) == 1 and named[0].cards[0].rank != "3"
