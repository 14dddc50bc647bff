"""Each tactic the coach names, detected on an exact position and not on a near miss (South to play)."""

from __future__ import annotations

import pytest

from shengji_kit.coach.tactics import LESSONS, gone_above, tactics
from shengji_kit.game.views import SeatView
from shengji_kit.words import Message
from shengji_kit.words.catalogue import templates
from tests.coach.positions import cards, made_view


def named(play: str, view: SeatView) -> list[Message]:
    return tactics(cards(play), view)


def codes(play: str, view: SeatView) -> list[str]:
    return [message.code for message in named(play, view)]


def only(play: str, view: SeatView, code: str) -> Message:
    found = [message for message in named(play, view) if message.code == code]
    assert found, f"{code} not among {codes(play, view)}"
    return found[0]


# --- leads ------------------------------------------------------------------------------


def test_cash_a_sure_winner_and_not_a_card_that_can_be_beaten() -> None:
    view = made_view("BJ S3 H4")
    assert codes("BJ", view)[0] == "tactic_cash"
    assert "tactic_cash" not in codes("S3", view)


def test_cash_the_highest_of_a_plain_suit_only_a_ruff_can_beat() -> None:
    view = made_view("HA HK D3")
    message = only("HA", view, "tactic_cash_top")
    assert "♥A" in message.render("en") and "♥A" in message.render("zh")
    assert "tactic_cash_top" not in codes("HK", view)  # the other ♥A is still out


def test_count_both_aces_gone_so_the_king_is_highest() -> None:
    # trick 1: East led ♥A, North ♥5, West ♥A, South ♥6
    history = [(1, ["HA", "H5", "HA", "H6"], 1)]
    view = made_view("HK D3", tricks=history)
    assert gone_above(cards("HK"), view) == list(cards("HA"))
    message = only("HK", view, "tactic_count")
    assert codes("HK", view)[0] == "tactic_count"
    assert "♥A" in message.render("en") and "♥K" in message.render("en")
    assert "♥K" in message.render("zh")
    one_gone = [(1, ["HA", "H5", "H7", "H6"], 1)]  # one ♥A is still out
    assert "tactic_count" not in codes("HK", made_view("HK D3", tricks=one_gone))


def test_draw_trumps_while_trumps_are_out() -> None:
    view = made_view("S5 S6 H4")
    message = only("S5", view, "tactic_draw_trumps")
    assert message.params["out"] == 36 - 2  # 36 trumps at level 2 with spades, two in South's hand
    assert "tactic_draw_trumps" not in codes("H4", view)


def test_lead_a_pair_and_a_tractor_the_others_must_break() -> None:
    view = made_view("H7 H7 H8 H8 D3")
    assert codes("H7 H7", view)[0] == "tactic_lead_pair"
    assert codes("H7 H7 H8 H8", view)[0] == "tactic_lead_tractor"
    assert not {"tactic_lead_pair", "tactic_lead_tractor"} & set(codes("H7", view))


def test_throw_only_when_no_part_can_be_beaten() -> None:
    assert codes("HA HA HK", made_view("HA HA HK D3"))[0] == "tactic_throw"
    assert "tactic_throw" not in codes("HA HK", made_view("HA HK D3"))  # the other ♥A beats the ♥K


def test_lead_from_the_long_suit() -> None:
    view = made_view("C3 C5 C7 C9 H4 D6")
    assert codes("C3", view)[0] == "tactic_long_suit"
    assert "tactic_long_suit" not in codes("H4", view)
    assert "tactic_long_suit" not in codes("C3", made_view("C3 C5 C7 H4 D6"))  # three clubs are not long


def test_lead_to_the_partners_void_and_strength() -> None:
    void = [(1, ["C3", "D4", "C5", "C9"], 3)]  # North discarded a diamond on clubs
    assert "tactic_partner_void" in codes("C6", made_view("C6 D7 H8", tricks=void))
    assert "tactic_partner_void" not in codes("H8", made_view("C6 D7 H8", tricks=void))
    strong = [(2, ["HA", "H3", "H4", "H5"], 2)]  # North won a heart trick with ♥A
    message = only("H6", made_view("H6 D7", tricks=strong), "tactic_partner_strength")
    assert message.params["cards"] == cards("HA")
    beaten = [(2, ["HQ", "HA", "H4", "H5"], 3)]
    assert "tactic_partner_strength" not in codes("H6", made_view("H6 D7", tricks=beaten))


def test_lead_away_from_an_opponents_void() -> None:
    history = [(2, ["D3", "D5", "D9", "C4"], 0)]  # East discarded a club on diamonds
    assert "tactic_avoid_void" in codes("C6", made_view("C6 D7 H8", tricks=history))
    assert "tactic_avoid_void" not in codes("D7", made_view("C6 D7 H8", tricks=history))  # leads into it
    assert "tactic_avoid_void" not in codes("C6", made_view("C6 D7 H8"))


def test_lead_low_without_points() -> None:
    assert "tactic_lead_low" in codes("H4", made_view("H4 H10 D6"))
    assert "tactic_lead_low" not in codes("H10", made_view("H4 H10 D6"))  # points
    view = made_view("H4 HQ HA D6")
    assert "tactic_lead_low" not in codes("HQ", view)  # not a small card
    assert codes("HQ", view)[0] == "tactic_force_out"
    assert codes("HA", view)[0] == "tactic_cash_top" and "tactic_lead_low" not in codes("HA", view)


# --- follows ------------------------------------------------------------------------------


def test_feed_and_duck_onto_the_partners_sure_trick() -> None:
    trick = [(1, "H3"), (2, "HA"), (3, "H4")]
    view = made_view("H6 H5 D3", trick)
    assert codes("H5", view)[0] == "tactic_feed"
    assert codes("H6", view)[0] == "tactic_duck"
    beaten = [(1, "H3"), (2, "HQ"), (3, "HA")]
    assert not {"tactic_feed", "tactic_duck"} & set(codes("H5", made_view("H6 H5 D3", beaten)))


def test_do_not_overtake_the_partner() -> None:
    trick = [(2, "H10"), (3, "H4")]  # North leads ♥10, West follows; East plays after South
    assert codes("H5", made_view("HK H5 D3", trick))[0] == "tactic_no_overtake"
    cannot = codes("H6", made_view("H6 H5 D3", trick))
    assert "tactic_no_overtake" not in cannot and cannot[0] == "tactic_partner_ahead"
    # ♥5 carries points onto a trick the partner leads but may lose: giving points, not playing low
    assert codes("H5", made_view("H6 H5 D3", trick))[0] == "tactic_feed_hopeful"


def test_overtake_the_partner_and_concede_points() -> None:
    trick = [(2, "H10"), (3, "H4")]
    assert codes("HK", made_view("HK H5 D3", trick))[0] == "tactic_overtake"
    # an opponent wins with ♥A; ♥10 gives more points than the ♥5 South holds too
    assert codes("H10", made_view("H10 H5 D3", [(1, "HA")]))[0] == "tactic_concede"
    assert codes("H5", made_view("H10 H5 D3", [(1, "HA")]))[0] == "tactic_least_points"


def test_ruff_and_over_ruff() -> None:
    assert codes("S3", made_view("S3 D4", [(1, "HA")]))[0] == "tactic_ruff"
    assert "tactic_ruff" not in codes("D4", made_view("S3 D4", [(1, "HA")]))
    ruffed = [(1, "HA"), (2, "H3"), (3, "S5")]  # West ruffed the ♥A with ♠5
    message = only("S7", made_view("S7 D4", ruffed), "tactic_over_ruff")
    assert message.params["their"] == cards("S5")
    assert codes("S7", made_view("S7 D4", ruffed))[0] == "tactic_over_ruff"
    assert "tactic_over_ruff" not in codes("S3", made_view("S3 D4", ruffed))  # ♠3 is under the ruff


def test_sure_win_take_the_lead_and_take_points() -> None:
    assert "tactic_sure_win" in codes("BJ", made_view("BJ SA D4", [(1, "S3")]))
    assert "tactic_sure_win" not in codes("SA", made_view("BJ SA D4", [(1, "S3")]))  # a joker is out
    assert codes("SA", made_view("BJ SA D4", [(1, "S3")]))[0] == "tactic_take_lead"
    assert codes("HA", made_view("HA H4 D4", [(1, "HK")]))[0] == "tactic_take_points"
    assert "tactic_take_points" not in codes("HA", made_view("HA H4 D4", [(1, "H3")]))


def test_play_low_and_give_the_fewest_points() -> None:
    view = made_view("H3 H5 D4", [(1, "HA")])
    assert codes("H3", view)[0] == "tactic_play_low"
    assert not {"tactic_play_low", "tactic_least_points"} & set(codes("H5", view))
    forced = made_view("H5 H10 D4", [(1, "HA")])
    assert codes("H5", forced)[0] == "tactic_least_points"
    assert "tactic_least_points" not in codes("H10", forced)


# --- the kitty ------------------------------------------------------------------------------


def test_win_the_kitty_with_a_pair_in_the_last_trick() -> None:
    message = only("S9 S9", made_view("S9 S9"), "tactic_win_kitty")
    assert message.params["multiplier"] > 2
    assert codes("S9 S9", made_view("S9 S9"))[0] == "tactic_win_kitty"
    assert "tactic_win_kitty" not in codes("S9 S9", made_view("S9 S9", dealer=0))  # defenders have no kitty to win
    assert "tactic_win_kitty" not in codes("S9", made_view("S9 D3"))  # a single: no multiplier beyond ×2


def test_guard_the_kitty_and_keep_a_pair_to_win_it() -> None:
    hand = "S3 S3 D4 D6 C7"
    assert "tactic_guard_kitty" in codes("D4", made_view(hand, dealer=0))
    assert "tactic_guard_kitty" not in codes("S3 S3", made_view(hand, dealer=0))
    assert "tactic_keep_pair_attack" in codes("D4", made_view(hand, dealer=1))
    assert "tactic_guard_kitty" not in codes("D4", made_view(hand, dealer=1))
    assert "tactic_keep_pair_attack" not in codes("D4", made_view(hand, dealer=0))


@pytest.mark.parametrize("code", sorted(LESSONS))
def test_every_tactic_has_both_languages_and_a_strategy_lesson(code: str) -> None:
    assert LESSONS[code] in {
        "lessons/09_leading.ipynb", "lessons/10_partner.ipynb", "lessons/11_kitty.ipynb", "lessons/12_counting.ipynb",
    }
    assert code in templates("en") and code in templates("zh")
