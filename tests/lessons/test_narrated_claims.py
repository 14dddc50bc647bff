"""The narrated deals' counting claims, each checked on a trick built by hand: true where it should be, false
where it should not (``became_top``, ``showed_out``, ``trumps_out_after``, ``attackers_after``,
``points_left_after``)."""

from __future__ import annotations

import pytest

from shengji_kit.engine.cards import parse_cards
from shengji_kit.game.position_table import read_position_table
from shengji_kit.render.lesson_panels.narrated_claims import TrickSeen, read_note
from shengji_kit.solver.position import Position

START = Position.from_table(read_position_table({
    "rules": "super_tycoon", "level": "2", "trump": "S", "dealer": 1, "leader": 0, "points": 40, "kitty": "C10 D5",
    "hands": {"0": "LJ S10 HJ DK", "1": "SA HA C9 D9", "2": "S9 H10 DA D10", "3": "SK HQ C4 DQ"}}))


def seen(plays: dict[int, str], winner: int, times: int = 0) -> TrickSeen:
    """The trick of ``plays`` (seat: cards, South leading) from START, with the hands after it."""
    played = [(seat, tuple(parse_cards(cards))) for seat, cards in plays.items()]
    after = []
    for seat, hand in enumerate(START.hands):
        rest = list(hand)
        for card in dict(played)[seat]:
            rest.remove(card)
        after.append(tuple(rest))
    return TrickSeen(START, tuple(played), winner, tuple(after), times, {})


def holds(claim: dict[str, object], trick: TrickSeen) -> bool:
    return read_note({"text": {"en": "x", "zh": "x"}, "when": [claim]}, "n").holds(trick)


DIAMONDS = seen({0: "HJ", 1: "D9", 2: "DA", 3: "DQ"}, 1)
"""A heart led: East and West show out (diamonds), North's ♦A falls and South's ♦K becomes the top diamond."""
TRUMPS = seen({0: "LJ", 1: "SA", 2: "S9", 3: "SK"}, 0)
"""A trump lead won by South: ♠K's 10 points to the attackers, one trump left in the other hands."""


@pytest.mark.parametrize(("claim", "trick", "expected"), [
    ({"seat": 0, "became_top": "DK"}, DIAMONDS, True),
    ({"seat": 0, "became_top": "DK"}, TRUMPS, False),  # ♦A is still in North's hand
    ({"seat": 0, "became_top": "HJ"}, DIAMONDS, False),  # played, no longer South's
    ({"seat": 2, "became_top": "D10"}, DIAMONDS, False),  # South's ♦K is higher
    ({"seat": 1, "showed_out": "H"}, DIAMONDS, True),
    ({"seat": 2, "showed_out": "H"}, DIAMONDS, True),
    ({"seat": 0, "showed_out": "H"}, DIAMONDS, False),  # the leader cannot show out
    ({"seat": 1, "showed_out": "T"}, TRUMPS, False),  # East followed with a trump
    ({"seat": 0, "trumps_out_after": 0}, TRUMPS, True),
    ({"seat": 1, "trumps_out_after": 1}, TRUMPS, True),  # South's ♠10
    ({"seat": 0, "trumps_out_after": 3}, DIAMONDS, True),
    ({"attackers_after": 50}, TRUMPS, True),  # 40 and ♠K's 10
    ({"attackers_after": 40}, TRUMPS, False),
    ({"attackers_after": 40}, DIAMONDS, True),  # East (a defender) won: no points to the attackers
    ({"points_left_after": 40}, TRUMPS, True),
    ({"points_left_after": 50}, DIAMONDS, True),  # ♠10 ♦K, ♥10 ♦10, ♠K: none was played
])
def test_a_counting_claim_holds_exactly_where_the_cards_say(claim: dict[str, object], trick: TrickSeen,
                                                            expected: bool) -> None:
    assert holds(claim, trick) is expected


def test_the_kitty_counts_for_the_attackers_on_the_last_trick() -> None:
    last = seen({0: "LJ", 1: "SA", 2: "S9", 3: "SK"}, 0, times=2)
    assert holds({"attackers_after": 40 + 10 + 15 * 2}, last)
    assert not holds({"attackers_after": 50}, last)


def test_a_counting_claim_with_a_wrong_suit_is_refused() -> None:
    with pytest.raises(ValueError, match="showed_out takes a suit letter"):
        read_note({"text": {"en": "x", "zh": "x"}, "when": [{"seat": 1, "showed_out": "X"}]}, "n")
