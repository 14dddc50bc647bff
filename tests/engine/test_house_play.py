"""House switches for following and tractors: exact cards judged under each setting.

Every position is checked by ``check_follow``, ``shape`` or ``trick_winner`` with the trump context
the rules give (``Trump.under``), and the listed follows are compared with a brute-force filter.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from shengji_kit.engine.card_index import face_counts, index_tables
from shengji_kit.engine.cards import Card
from shengji_kit.engine.follow import check_follow, legal_plays, playable_cards
from shengji_kit.engine.rules import Rules, rules_from_table
from shengji_kit.engine.shapes import shape
from shengji_kit.engine.tricks import trick_winner
from shengji_kit.engine.trump import PLAY_AS_PRESETS, Trump
from shengji_kit.game.fastrules import follow_faces
from shengji_kit.solver._moves import MoveMaker

from .conftest import cards

SUPER = Rules.preset("super_tycoon")


def house(**switches: object) -> Rules:
    return dataclasses.replace(SUPER, name="house", **switches)


def under(level: str, suit: str | None, **switches: object) -> Trump:
    return Trump(level, suit).under(house(**switches))


def verdict(lead: str, hand: str, play: str, trump: Trump) -> str:
    found = check_follow(cards(lead), cards(hand), cards(play), trump)
    return "ok" if found.ok else str(found.code)


def brute_force(lead: list[Card], hand: list[Card], trump: Trump) -> set[tuple[int, ...]]:
    """Every distinct choice of the lead's count of cards from ``hand`` that ``check_follow`` allows."""
    found = set()
    for combo in itertools.combinations(hand, len(lead)):
        if check_follow(lead, hand, list(combo), trump).ok:
            found.add(tuple(sorted(card.index for card in combo)))
    return found


def listed(lead: list[Card], hand: list[Card], trump: Trump) -> list[tuple[int, ...]]:
    return [tuple(sorted(card.index for card in play)) for play in legal_plays(lead, hand, trump, limit=None)]


def test_the_presets_play_as_today_and_their_trump_is_unchanged() -> None:
    for name in ("super_tycoon", "classic"):
        rules = Rules.preset(name)
        plain = Trump("7", "H")
        assert plain.under(rules) is plain
        assert plain.style == PLAY_AS_PRESETS


def test_today_tractors_are_the_defaults() -> None:
    today = Trump("7", "H")
    for text in ("S6 S6 S8 S8", "S7 S7 H7 H7", "LJ LJ BJ BJ", "HA HA S7 S7", "H7 H7 LJ LJ"):
        assert shape(cards(text), today).kind == "tractor", text


def test_a_house_file_sets_the_trump_style() -> None:
    rules = rules_from_table({"based_on": "classic", "follow_duty": "pairs", "tractor_jokers": False})
    style = Trump("2", "S").under(rules).style
    assert (style.follow_duty, style.keep_longer, style.skip_level, style.level_pairs, style.jokers) == (
        "pairs", False, True, True, False,
    )


# --- tractor_skip_level ----------------------------------------------------------------------


@pytest.mark.parametrize(("skip", "kind"), [(True, "tractor"), (False, "throw")])
def test_tractor_skip_level_decides_a_run_across_the_level(skip: bool, kind: str) -> None:
    trump = under("7", "H", tractor_skip_level=skip)
    assert shape(cards("S6 S6 S8 S8"), trump).kind == kind
    assert shape(cards("H6 H6 H8 H8"), trump).kind == kind
    assert shape(cards("S8 S8 S9 S9"), trump).kind == "tractor"
    assert shape(cards("S8 S8 S6 S6"), trump).kind == kind


def test_tractor_skip_level_leaves_the_ends_alone() -> None:
    """Level 2 and level A have nothing on one side, so there is no link to break."""
    assert shape(cards("S3 S3 S4 S4"), under("2", "H", tractor_skip_level=False)).kind == "tractor"
    assert shape(cards("SK SK SQ SQ"), under("A", "H", tractor_skip_level=False)).kind == "tractor"


@pytest.mark.parametrize(("skip", "expected"), [(True, "must_play_tractor"), (False, "ok")])
def test_tractor_skip_level_in_a_follow(skip: bool, expected: str) -> None:
    trump = under("7", "H", tractor_skip_level=skip)
    assert verdict("S3 S3 S4 S4", "S6 S6 S8 S8 SK SK", "S6 S6 SK SK", trump) == expected


@pytest.mark.parametrize(("skip", "winner"), [(True, 1), (False, 0)])
def test_tractor_skip_level_in_a_trick(skip: bool, winner: int) -> None:
    trump = under("7", "H", tractor_skip_level=skip)
    assert trick_winner([cards("S3 S3 S4 S4"), cards("S6 S6 S8 S8")], trump) == winner


def test_strength_does_not_change_with_the_links() -> None:
    plain = Trump("7", "H")
    broken = under("7", "H", tractor_skip_level=False, tractor_level_pairs=False, tractor_jokers=False)
    deck = cards("S2 S6 S8 SA S7 H7 H2 HA LJ BJ C5 D9")
    assert plain.sorted(deck) == broken.sorted(deck)
    order = sorted(deck, key=plain.step)
    assert sorted(deck, key=broken.step) == order
    assert [broken.suit_of(card) for card in deck] == [plain.suit_of(card) for card in deck]


# --- tractor_level_pairs ---------------------------------------------------------------------


@pytest.mark.parametrize(("linked", "kind"), [(True, "tractor"), (False, "throw")])
def test_tractor_level_pairs_decides_off_suit_and_trump_suit_level_pairs(linked: bool, kind: str) -> None:
    trump = under("7", "H", tractor_level_pairs=linked)
    assert shape(cards("S7 S7 H7 H7"), trump).kind == kind
    assert shape(cards("HA HA S7 S7"), trump).kind == "tractor"
    assert shape(cards("H7 H7 LJ LJ"), trump).kind == "tractor"


@pytest.mark.parametrize(("linked", "expected"), [(True, "must_play_tractor"), (False, "ok")])
def test_tractor_level_pairs_in_a_follow(linked: bool, expected: str) -> None:
    trump = under("7", "H", tractor_level_pairs=linked)
    assert verdict("H4 H4 H5 H5", "S7 S7 H7 H7 H3 H3", "S7 S7 H3 H3", trump) == expected


# --- tractor_jokers --------------------------------------------------------------------------


@pytest.mark.parametrize(("linked", "kind"), [(True, "tractor"), (False, "throw")])
def test_tractor_jokers_decides_the_joker_pairs(linked: bool, kind: str) -> None:
    for trump in (under("7", "H", tractor_jokers=linked), under("7", None, tractor_jokers=linked)):
        assert shape(cards("LJ LJ BJ BJ"), trump).kind == kind
    assert shape(cards("H7 H7 LJ LJ"), under("7", "H", tractor_jokers=linked)).kind == "tractor"


@pytest.mark.parametrize(("linked", "expected"), [(True, "must_play_tractor"), (False, "ok")])
def test_tractor_jokers_in_a_follow(linked: bool, expected: str) -> None:
    trump = under("2", "H", tractor_jokers=linked)
    assert verdict("H3 H3 H4 H4", "LJ LJ BJ BJ H9 H9", "LJ LJ H9 H9", trump) == expected


# --- follow_duty -----------------------------------------------------------------------------

TRACTOR_LEAD = "S5 S5 S6 S6"
HAND = "S9 S9 S10 S10 SQ SQ S3"


@pytest.mark.parametrize(
    ("duty", "pairs_apart", "no_pairs", "pair_for_pair"),
    [
        ("full", "must_play_tractor", "must_play_tractor", "ok"),
        ("pairs", "ok", "must_play_pairs", "ok"),
        ("suit", "ok", "ok", "ok"),
    ],
)
def test_follow_duty_against_a_tractor(duty: str, pairs_apart: str, no_pairs: str, pair_for_pair: str) -> None:
    trump = under("2", "H", follow_duty=duty)
    assert verdict(TRACTOR_LEAD, HAND, "S9 S9 SQ SQ", trump) == pairs_apart
    assert verdict(TRACTOR_LEAD, HAND, "S9 S10 SQ S3", trump) == no_pairs
    assert verdict(TRACTOR_LEAD, HAND, "S9 S9 S10 S10", trump) == pair_for_pair


@pytest.mark.parametrize(
    ("duty", "expected"), [("full", "must_play_pair"), ("pairs", "must_play_pair"), ("suit", "ok")]
)
def test_follow_duty_against_a_pair(duty: str, expected: str) -> None:
    assert verdict("S5 S5", HAND, "S3 SQ", under("2", "H", follow_duty=duty)) == expected


@pytest.mark.parametrize("duty", ["full", "pairs", "suit"])
def test_follow_duty_keeps_the_suit_duty(duty: str) -> None:
    trump = under("2", "H", follow_duty=duty)
    assert verdict("S5 S5", "S3 C4 C4", "C4 C4", trump) == "must_play_all_suit"
    assert verdict("S5 S5", "S3 S4 C4 C4", "S3 C4", trump) == "must_follow_suit"


# --- follow_keep_longer ----------------------------------------------------------------------


@pytest.mark.parametrize(("keep", "expected"), [(True, "ok"), (False, "must_play_pair")])
def test_keep_longer_a_pair_led_and_only_a_tractor_held(keep: bool, expected: str) -> None:
    trump = under("2", "H", follow_keep_longer=keep)
    assert verdict("S5 S5", "S9 S9 S10 S10 S3 SK", "S3 SK", trump) == expected
    assert verdict("S5 S5", "S9 S9 S10 S10 S3 SK", "S10 S10", trump) == "ok"


@pytest.mark.parametrize("keep", [True, False])
def test_keep_longer_still_owes_a_pair_held_outside_the_tractor(keep: bool) -> None:
    trump = under("2", "H", follow_keep_longer=keep)
    hand = "S9 S9 S10 S10 SQ SQ S3"
    assert verdict("S5 S5", hand, "S3 S10", trump) == "must_play_pair"
    assert verdict("S5 S5", hand, "S9 S9", trump) == "ok"


@pytest.mark.parametrize(("keep", "expected"), [(True, "ok"), (False, "must_play_tractor")])
def test_keep_longer_a_longer_tractor_against_a_shorter_one(keep: bool, expected: str) -> None:
    trump = under("2", "H", follow_keep_longer=keep)
    assert verdict(TRACTOR_LEAD, "S9 S9 S10 S10 SJ SJ S3 SK", "S3 SK S9 S10", trump) == expected
    # A tractor as long as the lead's is no longer combination: it is owed either way.
    assert verdict(TRACTOR_LEAD, "S9 S9 S10 S10 S3 SK", "S3 SK S9 S10", trump) == "must_play_tractor"


def test_keep_longer_two_level_pairs_on_one_step_keep_one_owed() -> None:
    trump = under("7", "H", follow_keep_longer=True)
    hand = "S7 S7 C7 C7 H7 H7 H4 H5"
    assert verdict("H3 H3", hand, "H4 H5", trump) == "must_play_pair"
    assert verdict("H3 H3", hand, "C7 C7", trump) == "ok"


# --- the listings follow the switches --------------------------------------------------------

POSITIONS = [
    ("S5 S5", "S9 S9 S10 S10 S3 SK", "2", "H"),
    (TRACTOR_LEAD, HAND, "2", "H"),
    (TRACTOR_LEAD, "S9 S9 S10 S10 SJ SJ S3 SK", "2", "H"),
    ("S3 S3 S4 S4", "S6 S6 S8 S8 SK SK S2", "7", "H"),
    ("H4 H4 H5 H5", "S7 S7 H7 H7 H3 H3 C7 C7", "7", "H"),
    ("H3 H3 H4 H4", "LJ LJ BJ BJ H9 H9 HK", "2", "H"),
    ("H3 H3", "S7 S7 C7 C7 H7 H7 H4 H5", "7", "H"),
]
STYLES = [
    {},
    {"follow_duty": "pairs"},
    {"follow_duty": "suit"},
    {"follow_keep_longer": True},
    {"follow_keep_longer": True, "follow_duty": "pairs"},
    {"tractor_skip_level": False, "tractor_level_pairs": False, "tractor_jokers": False},
]


@pytest.mark.parametrize("switches", STYLES)
@pytest.mark.parametrize(("lead", "hand", "level", "suit"), POSITIONS)
def test_listed_follows_are_exactly_the_legal_ones(
    switches: dict[str, object], lead: str, hand: str, level: str, suit: str
) -> None:
    trump = under(level, suit, **switches)
    led, held = cards(lead), cards(hand)
    found = listed(led, held, trump)
    assert len(found) == len(set(found)), "each follow is listed once"
    assert set(found) == brute_force(led, held, trump)
    in_some_play = {card for play in legal_plays(led, held, trump, limit=None) for card in play}
    assert playable_cards(led, held, trump) == in_some_play
    fast = follow_faces(tuple(card.index for card in led), face_counts(held), index_tables(trump))
    assert [tuple(sorted(play)) for play in fast] == found, "the fast rules list the engine's follows in its order"


def test_the_solver_lists_follows_by_the_rules_it_is_given() -> None:
    lead = tuple(sorted(card.index for card in cards("S5 S5")))
    hand = tuple(sorted(card.index for card in cards("S9 S9 S10 S10 S3 SK")))
    today = MoveMaker(Trump("2", "H"), SUPER).follows(lead, hand)
    kept = MoveMaker(Trump("2", "H"), house(follow_keep_longer=True)).follows(lead, hand)
    two_singles = tuple(sorted(card.index for card in cards("S3 SK")))
    assert two_singles not in today and two_singles in kept
    assert set(today) < set(kept)
