"""Merging equivalent cards and positions changes no answer: the merged search is checked against the plain one.

A card's place (effective suit and step) was once written with 20 step slots per suit and read back
with 16, so cards of two suits could share a class (``D3`` merged with ``CQ``) and positions whose
tractor links differ could share a table entry. These tests pin the position that showed it and
compare both searches over many random small endgames of every suit, level, no-trump and rule set.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from shengji_kit.engine import Card, Rules, Trump, full_deck, parse_card
from shengji_kit.engine.cards import CARDS
from shengji_kit.solver import Position, solve
from shengji_kit.solver._moves import MoveMaker
from shengji_kit.solver.search import INFINITY, NO_KEY
from shengji_kit.solver.solve import searcher_for, start_hands

LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "C", "D")

REPORTED = {
    "rules": "super_tycoon", "level": "J", "trump": "H", "dealer": 3, "leader": 2,
    "hands": {"0": "DA C7 C2", "1": "D10 H8 H10", "2": "D3 C9 CQ", "3": "D5 S3 DJ"},
    "kitty": "", "points": 60,
}
"""Seat 2 (an attacker) leads ♦3; every follow is forced and ♦A takes ♦5 and ♦10: 75."""


def _lead(position: Position, code: str) -> tuple[int, ...]:
    return tuple(card.index for card in position.hands[position.leader] if card.code == code)[:1]


def test_reported_position_is_75_merged_plain_and_played_out() -> None:
    position = Position.from_dict(REPORTED)
    merged, plain = solve(position), solve(position, merging=False)
    assert plain.total == 75 and plain.best == {"D3": 75}
    assert merged.total == 75 and merged.best == {"D3": 75}
    assert merged.line[0].plays[0][0].code == "D3" and merged.line[0].gained == 15
    # playing ♦3 and letting the merged search continue from there
    searcher = searcher_for(position)
    hands = start_hands(position)
    after = searcher.after_play(
        hands, 2, (), 0, NO_KEY, _lead(position, "D3"), -INFINITY, INFINITY, searcher.classes(hands)
    )
    assert position.points + after == 75
    # and the forced trick (♦3 ♦5 ♦A ♦10, won by seat 0) played by hand, then solved both ways
    rest = dict(REPORTED, leader=0, points=75,
                hands={"0": "C7 C2", "1": "H8 H10", "2": "C9 CQ", "3": "S3 DJ"})
    assert solve(rest).total == solve(rest, merging=False).total == 75


def test_classes_never_join_two_suits() -> None:
    """Every class of every hand holds cards of one effective suit and one point value (all levels, trumps)."""
    deck = full_deck()
    rng = random.Random("classes")
    for rules in (Rules.preset("super_tycoon"), _broken_links()):
        for level in LEVELS:
            for trump_suit in (*SUITS, None):
                trump = Trump(level, trump_suit).under(rules)
                moves = MoveMaker(trump, rules)
                rng.shuffle(deck)
                hands = tuple(tuple(sorted(card.index for card in deck[k * 13 : k * 13 + 13])) for k in range(4))
                for seat_classes in moves.equivalence_classes(hands):
                    members: dict[int, set[tuple[str, int]]] = {}
                    for index, cls in seat_classes.mapping.items():
                        members.setdefault(cls, set()).add((trump.tables.suit_of[index], CARDS[index].points))
                    assert all(len(kinds) == 1 for kinds in members.values()), (level, trump_suit)


def test_shape_signature_keeps_suits_and_tractor_links_apart() -> None:
    """Two hands alike up to renaming share a signature; a tractor and a broken run, or two suits, never do."""
    rules = Rules.preset("super_tycoon")
    moves = MoveMaker(Trump("2", "S").under(rules), rules)

    def signature(*hands: str) -> tuple[tuple[int, ...], ...]:
        return moves.shape_signature(tuple(tuple(sorted(_index(c) for c in hand.split())) for hand in hands))

    # level 2: ♦6♦6♦7♦7 is a tractor (♦7 sat on the place once read as a new suit's first step), ♦5♦5♦7♦7 is not
    assert signature("D6 D6 D7 D7", "C3", "C4", "C5") != signature("D5 D5 D7 D7", "C3", "C4", "C5")
    assert signature("D6 D6 D7 D7", "C3", "C4", "C5") == signature("D8 D8 D9 D9", "C3", "C4", "C5")
    # ♣Q against ♦3 (two suits: no follow) is not ♦3 against ♦5 (once both read as one suit)
    assert signature("CQ", "D3", "H4", "H6") != signature("D3", "D5", "H4", "H6")
    assert signature("CQ", "D3", "H4", "H6") == signature("CJ", "D4", "H4", "H6")


def _broken_links() -> Rules:
    """Every tractor link broken: steps run up to 18, the widest a place must hold."""
    return dataclasses.replace(
        Rules.preset("super_tycoon"), name="house",
        tractor_skip_level=False, tractor_level_pairs=False, tractor_jokers=False,
    )


RULE_SETS: tuple[Rules, ...] = (
    Rules.preset("super_tycoon"),
    Rules.preset("classic"),
    _broken_links(),
    dataclasses.replace(Rules.preset("classic"), name="house", throw_compare="highest_part", kitty_scheme="per_card"),
)


def _index(code: str) -> int:
    return parse_card(code).index


def random_endgame(rng: random.Random) -> Position:
    """A small random endgame: 2-4 cards a hand from the whole deck, from trumps and one side suit,
    from two suits' few neighbouring ranks (so pairs, tractors, throws and ruffs are common), or from
    the high cards of one suit and the low cards of the next in the solver's suit order (S H C D)."""
    size = rng.choice((2, 3, 3, 4, 4, 4))
    level = rng.choice(LEVELS)
    trump_suit = rng.choice((*SUITS, "none"))
    rules = rng.choice(RULE_SETS)
    deck: list[Card] = full_deck()
    family = rng.choice(("deck", "dense", "narrow", "edges", "edges"))
    if family == "dense":
        context = Trump(level, trump_suit)
        kept = {"T", rng.choice(SUITS)}
        deck = [card for card in deck if context.suit_of(card) in kept]
    elif family == "narrow":
        suits = set(rng.sample(SUITS, 2))
        start = rng.randrange(len(LEVELS) - 5)
        ranks = set(LEVELS[start : start + 6])
        deck = [
            card for card in deck if card.code in ("LJ", "BJ") or (card.code[0] in suits and card.code[1:] in ranks)
        ]
    elif family == "edges":
        # the top of one suit and the bottom of the next, where a place's suit bits meet its step bits
        low, high = rng.choice((("S", "H"), ("H", "C"), ("C", "D"), ("C", "D"), (rng.choice(SUITS), rng.choice(SUITS))))
        cut = rng.randrange(5, 9)
        faces = {
            card.code: card for card in deck
            if card.code in ("LJ", "BJ") or card.code[1:] == level
            or (card.code[0] == low and card.code[1:] in LEVELS[cut:])
            or (card.code[0] == high and card.code[1:] in LEVELS[: cut - 3])
        }
        deck = list(faces.values())  # one copy of each face: single cards, the ones that merge
        size = min(size, len(deck) // 4)
    rng.shuffle(deck)
    hands = {str(seat): [card.code for card in deck[seat * size : (seat + 1) * size]] for seat in range(4)}
    kitty = [card.code for card in deck[4 * size : 4 * size + rng.choice((0, 0, 2, 8))]]
    return Position.from_dict({
        "rules": rules, "level": level, "trump": trump_suit, "dealer": rng.randrange(4),
        "leader": rng.randrange(4), "hands": hands, "kitty": kitty, "points": 5 * rng.randrange(20),
    })


def _check_many(count: int, seed: str) -> None:
    rng = random.Random(seed)
    merged_some = 0
    for _ in range(count):
        position = random_endgame(rng)
        merged = solve(position)
        plain = solve(position, merging=False)
        shown = position.to_dict()
        assert merged.total == plain.total, shown
        # the best leads as defined (every lead reaching the value, equivalent ones too): the same set
        assert merged.best == plain.best, shown
        assert merged.total == position.points + sum(trick.gained for trick in merged.line), shown
        merged_some += merged.nodes < plain.nodes
    assert merged_some > count // 10  # merging really happened, so the two searches really differ


@pytest.mark.slow  # 1,000 endgames solved twice: make test runs it
def test_merged_and_plain_searches_agree_on_random_endgames() -> None:
    _check_many(1000, "merging")


@pytest.mark.exhaustive
def test_merged_and_plain_searches_agree_on_many_random_endgames() -> None:
    _check_many(5000, "merging-exhaustive")
