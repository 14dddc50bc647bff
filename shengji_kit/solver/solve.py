"""``solve(position)``: the exact value, the mover's best leads and an optimal line."""

from __future__ import annotations

import gc
import time
from collections.abc import Mapping
from typing import Any

from ..engine.cards import CARDS
from ._moves import POINTS, Hands, Play
from .node_options import Classes, Key
from .position import Position
from .search import INFINITY, NO_KEY, Searcher, card_codes
from .solution import Solution, Trick


def searcher_for(position: Position, merging: bool = True) -> Searcher:
    """A fresh searcher for the position's trump, rules, teams and kitty."""
    attackers = tuple(position.is_attacker(seat) for seat in range(4))
    return Searcher(position.trump_context, position.rules, attackers, position.kitty_points, merging)


def start_hands(position: Position) -> Hands:
    """The hands as sorted tuples of card indices."""
    return tuple(tuple(sorted(card.index for card in hand)) for hand in position.hands)


def solve(
    position: Position | Mapping[str, Any], merging: bool = True, time_limit: float | None = None
) -> Solution:
    """Solve an endgame exactly: attackers maximise, defenders minimise the attackers' total.

    ``merging=False`` searches every card separately (slower, the same answer; for checks).
    ``time_limit`` (seconds) stops a search that runs longer with ``SolveTimeout``.
    """
    if not isinstance(position, Position):
        position = Position.from_dict(position)
    started = time.perf_counter()
    # the search makes millions of short-lived tuples and no reference cycles: the cyclic
    # collector would only rescan the growing tables (about a quarter of the time)
    collecting = gc.isenabled()
    gc.disable()
    try:
        searcher = searcher_for(position, merging)
        if time_limit is not None:
            searcher.deadline = started + time_limit
        hands = start_hands(position)
        leader = position.leader
        value = mtd_value(searcher, hands, leader)
        best = {
            card_codes(lead, searcher.trump): position.points + value
            for lead in best_leads(searcher, hands, leader, value)
        }
        line = optimal_line(searcher, hands, leader, value)
    finally:
        if collecting:
            gc.enable()
    return Solution(
        position=position,
        total=position.points + value,
        best=best,
        line=line,
        nodes=searcher.nodes,
        seconds=time.perf_counter() - started,
    )


def mtd_value(searcher: Searcher, hands: Hands, leader: int) -> int:
    """The exact value by null-window tests only (MTD(f)); the table keeps bounds between them."""
    low, high = -INFINITY, INFINITY
    guess = searcher.boundary(hands)[1] // 10 * 5  # half of the most still to come, on a multiple of 5
    while low < high:
        beta = guess + 1 if guess == low else guess
        guess = searcher.value(hands, leader, beta - 1, beta)
        if guess < beta:
            high = guess
        else:
            low = guess
    return guess


def best_leads(searcher: Searcher, hands: Hands, leader: int, value: int) -> list[Play]:
    """Every lead (equivalent ones too) that reaches ``value``, by a null-window test each."""
    classes = searcher.classes(hands)
    mapping = classes[leader].mapping
    # attackers: does the lead reach at least value? defenders: does it hold them to value?
    window = (value - 1, value) if searcher.attacker[leader] else (value, value + 1)
    verdicts: dict[tuple[int, ...], bool] = {}
    found: list[Play] = []
    for lead in searcher.leads(hands, leader, None):
        kind = tuple(sorted(mapping[i] for i in lead))
        if kind not in verdicts:
            got = searcher.after_play(hands, leader, (), 0, NO_KEY, lead, *window, classes)
            verdicts[kind] = got >= value if searcher.attacker[leader] else got <= value
        if verdicts[kind]:
            found.append(lead)
    return found


def optimal_line(searcher: Searcher, hands: Hands, leader: int, value: int) -> tuple[Trick, ...]:
    """Follow plays that keep the exact value, trick by trick, to the end."""
    tricks: list[Trick] = []
    while hands[0]:
        plays: tuple[Play, ...] = ()
        win, best = 0, NO_KEY
        classes = searcher.classes(hands)
        for k in range(4):
            options = (
                searcher.leads(hands, leader, classes)
                if k == 0
                else searcher.follows(hands, leader, plays, classes)
            )
            play = _keeping_value(searcher, hands, leader, plays, win, best, options, value, classes)
            seat = (leader + k) % 4
            rest = list(hands[seat])
            for index in play:
                rest.remove(index)
            hands = (*hands[:seat], tuple(rest), *hands[seat + 1 :])
            key = searcher.key(play, plays[0] if plays else play)
            if not plays or searcher.beats(key, best, plays[0]):
                assert key is not None
                win, best = k, key
            plays = (*plays, play)
        gained = searcher.trick_points(hands, leader, plays, win)
        card_points = sum(POINTS[i] for play in plays for i in play)
        winner = (leader + win) % 4
        bonus = gained - card_points if gained and not hands[0] else 0
        trump = searcher.trump
        tricks.append(
            Trick(
                leader=leader,
                plays=tuple(tuple(trump.sorted(CARDS[i] for i in play)) for play in plays),
                winner=winner,
                points=card_points,
                gained=gained,
                kitty_bonus=bonus,
            )
        )
        value -= gained
        leader = winner
    return tuple(tricks)


def _keeping_value(
    searcher: Searcher, hands: Hands, leader: int, plays: tuple[Play, ...], win: int, best: Key,
    options: list[Play], value: int, classes: Classes,
) -> Play:
    """The first option whose value is ``value`` (a null-window test: no option does better)."""
    maximising = searcher.attacker[(leader + len(plays)) % 4]
    alpha, beta = (value - 1, value) if maximising else (value, value + 1)
    for play in options:
        got = searcher.after_play(hands, leader, plays, win, best, play, alpha, beta, classes)
        if got >= value if maximising else got <= value:
            return play
    raise AssertionError("no play keeps the solved value")
