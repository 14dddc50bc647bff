"""What the strategy generators share (``best_play`` and ``kitty_endgame``, lessons 9–11): a constructed
endgame in seats counted from the mover, turned to the table's seats; every legal play of the mover valued
by the exact solver; the test that keeps a deal only when the idea's play is the unique best by a clear
margin; the tempting wrong plays offered beside it; the difficulty from how many plays come close.

A construction deals the cards that make the idea matter (a sure winner and a short opponent, a partner's
ace, a pair for the last trick) and leaves the rest to the seeded pack; the solver then decides, and a
deal whose best play is not the idea's, or not clearly best, is dealt again (a bounded number of times).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine.cards import CARDS, Card
from ...engine.rules import Rules
from ...engine.trump import TRUMP, Trump
from ...solver._moves import Play, remove
from ...solver.node_options import Key
from ...solver.position import Position
from ...solver.search import NO_KEY, Searcher
from ...solver.solve import searcher_for, start_hands
from ...words import Message
from ._deal import Context, DealSpec, DealSpecError, Pack, plain_suits

MARGIN = 10
"""Points by which the idea's play must beat every other legal play (the issue's stated margin)."""
CLOSE = 20
"""A wrong play costing at most this many points is "close": the more close plays, the harder the item."""
ATTEMPTS = 400
"""Constructions tried for one item before giving up (each is a few solver calls)."""
MAX_WRONG = 3
"""Wrong plays offered beside the answer: the cheapest (most tempting) ones."""


@dataclass
class Build:
    """A constructed deal in seats counted from the mover (0; the partner is 2): each seat's cards left,
    the plays of the trick so far (seat, cards; the leader first), and the kitty."""

    hands: list[list[Card]]
    trick: list[tuple[int, list[Card]]] = field(default_factory=list)
    kitty: list[Card] = field(default_factory=list)
    lead_seat: int = 0
    """Who leads when no trick is in progress."""

    @property
    def leader(self) -> int:
        return self.trick[0][0] if self.trick else self.lead_seat


@dataclass(frozen=True)
class Valued:
    """One legal play of the mover and what it costs the mover's side against the best (points)."""

    play: Play
    cost: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[index] for index in self.play)


def idea_of(spec: DealSpec | None, ideas: Sequence[str], rng: random.Random) -> str:
    """The idea wished for, else one drawn by the seed; an unknown wish is refused by name."""
    wished = spec.idea if spec is not None else None
    if wished is None:
        return rng.choice(list(ideas))
    if wished not in ideas:
        raise DealSpecError(Message("gen_bad_idea", {"value": repr(wished), "known": ", ".join(ideas)}))
    return wished


def top_of(trump: Trump, pack: Pack, suit: str, below: Card | None = None) -> Card | None:
    """Take the highest card of effective ``suit`` left in the pack (lower than ``below``, when given)."""
    cards = [card for card in pack.cards if trump.suit_of(card) == suit
             and (below is None or trump.step(card) < trump.step(below))]
    if not cards:
        return None
    best = max(cards, key=trump.step)
    pack.take_cards([best])
    return best


def take(pack: Pack, wanted: Callable[[Card], bool], count: int) -> list[Card]:
    """Up to ``count`` cards ``wanted`` accepts (see ``Pack.take``)."""
    return pack.take(wanted, count)


def suit_is(trump: Trump, suit: str, points: bool | None = None, below: int | None = None) -> Callable[[Card], bool]:
    """Accept cards of ``suit``; with ``points``, only point cards (True) or none (False); ``below`` a step."""
    def wanted(card: Card) -> bool:
        if trump.suit_of(card) != suit:
            return False
        if points is not None and (card.points > 0) != points:
            return False
        return below is None or trump.step(card) < below
    return wanted


def two_plain(rng: random.Random, trump: Trump) -> tuple[str, str]:
    """Two different plain suits."""
    first, second = rng.sample(plain_suits(trump), 2)
    return first, second


def is_top(trump: Trump, card: Card, seat: int, hands: Sequence[Sequence[Card]]) -> bool:
    """Is ``card`` above every card of its effective suit the other seats hold?"""
    suit, step = trump.suit_of(card), trump.step(card)
    return all(trump.step(other) < step for at, hand in enumerate(hands) if at != seat
               for other in hand if trump.suit_of(other) == suit)


def is_trump(trump: Trump, cards: Sequence[Card]) -> bool:
    return all(trump.suit_of(card) == TRUMP for card in cards)


def fill(pack: Pack, hand: list[Card], size: int, wanted: Callable[[Card], bool] = lambda card: True) -> list[Card]:
    """``hand`` made up to ``size`` cards from the pack (``wanted`` first, then any)."""
    hand = hand + pack.take(wanted, max(0, size - len(hand)))
    return hand + pack.take(lambda card: True, max(0, size - len(hand)))


def rotated(build: Build, shift: int) -> Build:
    """The same deal with every seat turned by ``shift`` (seat s becomes (s + shift) % 4)."""
    hands: list[list[Card]] = [[] for _ in range(4)]
    for seat, hand in enumerate(build.hands):
        hands[(seat + shift) % 4] = hand
    trick = [((seat + shift) % 4, cards) for seat, cards in build.trick]
    return Build(hands, trick, build.kitty, (build.lead_seat + shift) % 4)


def table_fields(build: Build, mover: int, attacking: bool, points: int, rng: random.Random) -> dict[str, Any]:
    """The position's fields (table seats): a dealer of the defending side, the points so far."""
    defending = (mover + 1) % 4 if attacking else mover
    dealer = rng.choice((defending, (defending + 2) % 4))
    fields: dict[str, Any] = {
        "dealer": dealer, "leader": build.leader, "points": points,
        "hands": {str(seat): " ".join(card.code for card in hand) for seat, hand in enumerate(build.hands)},
    }
    if build.kitty:
        fields["kitty"] = " ".join(card.code for card in build.kitty)
    if build.trick:
        fields["trick"] = {str(seat): " ".join(card.code for card in cards) for seat, cards in build.trick}
    return fields


def points_before(rng: random.Random, build: Build) -> int:
    """Attackers' points so far: a multiple of 5 that keeps the deal's total within the two decks' 200."""
    shown = sum(card.points for hand in build.hands for card in hand)
    shown += sum(card.points for _, cards in build.trick for card in cards) + sum(c.points for c in build.kitty)
    return 5 * rng.randint(0, max(0, min(24, (200 - shown) // 5)))


def start_position(ctx: Context, build: Build, dealer: int, points: int) -> Position:
    """The solver's position at the start of the current trick (the trick's cards back in their hands)."""
    played = {seat: cards for seat, cards in build.trick}
    hands = tuple(tuple(build.hands[seat]) + tuple(played.get(seat, ())) for seat in range(4))
    return Position(Rules.preset(ctx.preset), ctx.trump.level, ctx.trump.suit, dealer, build.leader, hands,
                    tuple(build.kitty), points)


def _indices(cards: Sequence[Card]) -> Play:
    return tuple(sorted(card.index for card in cards))


def legal_plays(position: Position, trick: Sequence[tuple[int, Sequence[Card]]]) -> list[Play]:
    """Every distinct legal play of the seat to move: each lead (and standing throw), or each follow."""
    searcher = searcher_for(position)
    hands = list(start_hands(position))
    if not trick:
        return list(dict.fromkeys(searcher.leads(tuple(hands), position.leader, None)))
    for seat, cards in trick:
        hands[seat] = remove(hands[seat], _indices(cards))
    mover = (position.leader + len(trick)) % 4
    return list(dict.fromkeys(searcher.moves.follows(_indices(trick[0][1]), hands[mover])))


def beats_so_far(searcher: Searcher, trick: Sequence[tuple[int, Sequence[Card]]], play: Play) -> bool:
    """Does ``play`` beat every play of the trick so far (would it win the trick as it stands)?"""
    lead = _indices(trick[0][1])
    best: Key = NO_KEY
    for _, cards in trick:
        key = searcher.key(_indices(cards), lead)
        if key is not None and searcher.beats(key, best, lead):
            best = key
    mine = searcher.key(play, lead)
    return mine is not None and searcher.beats(mine, best, lead)


def winning_seat(searcher: Searcher, trick: Sequence[tuple[int, Sequence[Card]]]) -> int:
    """The seat whose play wins the trick so far."""
    lead = _indices(trick[0][1])
    best, seat = NO_KEY, trick[0][0]
    for at, cards in trick:
        key = searcher.key(_indices(cards), lead)
        if key is not None and searcher.beats(key, best, lead):
            best, seat = key, at
    return seat


def valued(plays: Sequence[Play], value: Callable[[Play], int], attacking: bool) -> list[Valued]:
    """Each play with its cost against the best of them (for the mover's side), cheapest first."""
    values = {play: value(play) for play in plays}
    best = max(values.values()) if attacking else min(values.values())
    found = [Valued(play, best - total if attacking else total - best) for play, total in values.items()]
    return sorted(found, key=lambda one: (one.cost, one.play))


def clear_best(plays: Sequence[Valued]) -> Valued | None:
    """The one best play when every other legal play costs at least ``MARGIN`` points, else None."""
    if not plays or plays[0].cost != 0 or any(one.cost < MARGIN for one in plays[1:]):
        return None
    return plays[0]


def difficulty_of(plays: Sequence[Valued], spec: DealSpec | None) -> int:
    """The wished difficulty, else 1 + the wrong plays that cost at most ``CLOSE`` points (at most 5)."""
    if spec is not None and spec.difficulty is not None:
        return spec.difficulty
    return min(5, 1 + sum(1 for one in plays[1:] if one.cost <= CLOSE))


def hand_size(rng: random.Random, spec: DealSpec | None) -> int:
    """Cards a hand: three, now and then four (a wished difficulty of 4–5 deals four)."""
    if spec is not None and spec.difficulty is not None:
        return 4 if spec.difficulty >= 4 else 3
    return 4 if rng.random() < 0.3 else 3


def tempting(plays: Sequence[Valued], rng: random.Random) -> list[Valued]:
    """The wrong plays to offer: the cheapest few, so every tempting alternative shows its computed cost."""
    return list(plays[1:1 + MAX_WRONG])


def shuffled_options(answer: Valued, wrong: Sequence[Valued], rng: random.Random) -> list[Valued]:
    """The answer and the wrong plays in a seeded order (the answer is not always first)."""
    options = [answer, *wrong]
    rng.shuffle(options)
    return options


def why_texts(code: str, answer: Sequence[Card], play: Sequence[Card]) -> dict[str, str]:
    """A wrong play's ``why`` in both languages; ``{cost}`` stays for the grader to fill in."""
    return Message(code, {"cards": tuple(play), "best": tuple(answer), "cost": "{cost}"}).texts()


def codes_of(cards: Sequence[Card], trump: Trump) -> str:
    return " ".join(card.code for card in trump.sorted(cards))
