"""The solver's choices: standing throws match the engine, and only truly equivalent cards merge."""

from __future__ import annotations

import random

from shengji_kit.engine import Rules, Trump, check_throw, legal_leads, parse_cards, shape
from shengji_kit.solver._moves import SINGLE_CLASS, MoveMaker

from .brute import random_small_position


def hand(text: str) -> tuple[int, ...]:
    return tuple(sorted(card.index for card in parse_cards(text)))


def test_standing_throws_are_exactly_the_engine_throws_that_stand() -> None:
    rng = random.Random("throws")
    found_some = 0
    for _ in range(200):
        position = random_small_position(rng, 3, rng.choice(["super_tycoon", "classic"]))
        trump, rules = position.trump_context, position.rules
        moves = MoveMaker(trump, rules)
        hands = tuple(tuple(sorted(c.index for c in h)) for h in position.hands)
        leader = position.leader
        others = [list(position.hands[(leader + k) % 4]) for k in (1, 2, 3)]
        expected = {
            tuple(sorted(c.index for c in lead))
            for lead in legal_leads(position.hands[leader], trump, include_throws=True)
            if shape(lead, trump).kind == "throw" and check_throw(lead, others, trump, rules).ok
        }
        got = moves.standing_throws(hands, leader)
        assert set(got) == expected and len(got) == len(expected)
        found_some += bool(expected)
    assert found_some > 5


def classes_of(hands_text: list[str], level: str = "2", suit: str | None = "H") -> list[dict[int, int]]:
    moves = MoveMaker(Trump(level, suit), Rules.preset("super_tycoon"))
    return [c.mapping for c in moves.equivalence_classes(tuple(hand(h) for h in hands_text))]


def index(code: str) -> int:
    return parse_cards(code)[0].index


def test_adjacent_singles_merge_only_with_nothing_between() -> None:
    # seat 0 holds S3 and S6; S4 and S5 are elsewhere: not interchangeable
    mapping = classes_of(["S3 S6", "S4", "S5", "C3"])[0]
    assert mapping[index("S3")] != mapping[index("S6")]
    # with S4, S5 gone (the others hold only higher or other cards) they are the same card
    mapping = classes_of(["S3 S6", "S9", "C5", "C3"])[0]
    assert mapping[index("S3")] == mapping[index("S6")] == SINGLE_CLASS + index("S3")


def test_no_merge_across_points_pairs_or_equal_steps_held_elsewhere() -> None:
    mapping = classes_of(["S3 S5 S6", "C3", "C4", "C6"])[0]
    assert mapping[index("S5")] not in (mapping[index("S3")], mapping[index("S6")])  # S5 is 5 points
    assert mapping[index("S3")] == mapping[index("S6")]  # own cards between do not matter
    mapping = classes_of(["S3 S3 S4", "C3", "C4", "C6"])[0]
    assert mapping[index("S3")] == index("S3") != mapping[index("S4")]  # a pair is its own class
    # an opponent card on the end step keeps the two apart (the tie would differ)
    mapping = classes_of(["S3 S4", "S4", "C4", "C6"])[0]
    assert mapping[index("S3")] != mapping[index("S4")]


def test_equal_steps_merge_even_when_others_hold_that_step() -> None:
    # level 2, hearts trump: C2 and D2 are off-suit level cards on one step; S2 is on it too
    mapping = classes_of(["C2 D2", "S2", "C4", "C6"])[0]
    assert mapping[index("C2")] == mapping[index("D2")]


def test_merge_keeps_one_play_per_class() -> None:
    moves = MoveMaker(Trump("2", "H"), Rules.preset("super_tycoon"))
    classes = moves.equivalence_classes((hand("S3 S6 S9"), hand("SA"), hand("C5"), hand("C3")))
    lead = hand("SA")
    follows = moves.follows(lead, hand("S3 S6 S9"))
    assert len(follows) == 3
    assert moves.merge(follows, classes[0]) == [follows[0]]


def signature(hands_text: list[str], level: str = "2", suit: str | None = "H") -> tuple[tuple[int, ...], ...]:
    moves = MoveMaker(Trump(level, suit), Rules.preset("super_tycoon"))
    return moves.shape_signature(tuple(hand(h) for h in hands_text))


def test_signature_ignores_names_but_keeps_order_points_pairs_and_tractors() -> None:
    # the same relative order with other names: one signature
    assert signature(["S3", "S7", "C3", "C4"]) == signature(["S4", "S8", "C3", "C4"])
    # order, points, pairs and suits all count
    assert signature(["S3", "S7", "C3", "C4"]) != signature(["S7", "S3", "C3", "C4"])
    assert signature(["S3", "S6", "C3", "C4"]) != signature(["S3", "S5", "C3", "C4"])  # S5: 5 points
    assert signature(["S3 S3", "S7 S8", "C3 C3", "C4 C4"]) != signature(["S3 S4", "S7 S7", "C3 C3", "C4 C4"])
    assert signature(["S3", "S7", "C3", "C4"]) != signature(["S3", "S7", "D3", "C4"])
    # pairs on steps 6 and 8 (7 gone) are no tractor; on 6 and 7 they are: never one signature
    assert signature(["S6 S6 S8 S8", "SA SA SQ SQ", "C3 C3 C4 C4", "C6 C6 C7 C7"]) != signature(
        ["S6 S6 S7 S7", "SA SA SQ SQ", "C3 C3 C4 C4", "C6 C6 C7 C7"]
    )
    # two off-suit level cards share a step but are different faces: a pair of one is not both
    assert signature(["C2 C2", "S3 S3", "S4 S4", "S6 S6"]) != signature(["C2 D2", "S3 S3", "S4 S4", "S6 S6"])
