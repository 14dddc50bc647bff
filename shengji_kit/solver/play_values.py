"""Exact values of single plays, from one searcher per deal context and null-window tests.

Grading every legal play (a lesson's narrated deal, a best-play item, mining) asks for many
values of closely related positions: the options of one turn, then the next turn's. The search's
table holds the attackers' points *still to come* at trick boundaries, which depend only on the
hands, the leader, the trump, the rules, the teams and the kitty's points — so one searcher serves
every position of a deal, and each value found makes the next ones cheaper. Each value is found by
MTD(f) (null-window tests only), starting from the last value met at the same turn.
"""

from __future__ import annotations

import gc
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ..engine.cards import Card
from ._moves import Hands, Play, remove
from .node_options import Key
from .position import Position
from .search import INFINITY, NO_KEY, Searcher
from .solve import searcher_for, start_hands

KEPT_SEARCHERS = 4
"""Deal contexts kept at once (the least recently used is dropped)."""
TABLE_LIMIT = 1_500_000
"""A kept searcher whose table grows past this many entries starts afresh (about 300 MB at most)."""

GUESSES_KEPT = 100_000
"""Turns whose last value is remembered before the list starts again."""

TrickCards = Sequence[tuple[int, Sequence[Card]]]
"""The trick so far: (seat, cards) in play order."""
Context = tuple[object, ...]
State = tuple[Hands, tuple[Play, ...], int, Key]
"""The hands without the trick's cards, the trick's plays, which of them wins so far, and its key."""


class PlayValues:
    """A few searchers, one per deal context, each used by one search at a time (a lock each)."""

    def __init__(self) -> None:
        self._searchers: OrderedDict[Context, tuple[Searcher, threading.Lock]] = OrderedDict()
        self._guard = threading.Lock()
        self._guesses: dict[tuple[Context, Hands, int, tuple[Play, ...]], int] = {}
        """The last value found at each turn: the next option's first test starts there."""

    def searcher(self, position: Position, context: Context | None = None) -> tuple[Searcher, threading.Lock]:
        """The shared searcher of ``position``'s deal context (``context``, when known; made on first use)."""
        key = _context(position) if context is None else context
        with self._guard:
            found = self._searchers.get(key)
            if found is None or len(found[0].table) > TABLE_LIMIT:
                found = self._searchers[key] = (searcher_for(position), threading.Lock())
                if len(self._searchers) > KEPT_SEARCHERS:
                    self._searchers.popitem(last=False)
            self._searchers.move_to_end(key)
            return found

    def play_value(self, position: Position, trick: TrickCards, play: Play) -> int:
        """The attackers' final total when the next seat plays ``play`` after ``trick`` and all then play perfectly."""
        context = _context(position)
        searcher, lock = self.searcher(position, context)
        with lock, _no_cyclic_collector():
            start = start_hands(position)
            hands, plays, win, best = _state(searcher, start, trick)
            classes = searcher.classes(start)
            turn = (context, start, position.leader, plays)
            guess = self._guesses.get(turn)
            if guess is None:
                guess = searcher.boundary(start)[1] // 10 * 5
            low, high = -INFINITY, INFINITY
            while low < high:
                beta = guess + 1 if guess == low else guess
                guess = searcher.after_play(hands, position.leader, plays, win, best, play, beta - 1, beta, classes)
                if guess < beta:
                    high = guess
                else:
                    low = guess
            if len(self._guesses) > GUESSES_KEPT:
                self._guesses.clear()
            self._guesses[turn] = guess
            return position.points + guess

    def clear(self) -> None:
        """Forget every searcher and guess (tests that count searches start from nothing)."""
        with self._guard:
            self._searchers.clear()
            self._guesses.clear()


def _context(position: Position) -> Context:
    """What a searcher's table depends on besides the hands and the leader."""
    attackers = tuple(position.is_attacker(seat) for seat in range(4))
    return (position.level, position.trump, position.rules, attackers, position.kitty_points)


def _state(searcher: Searcher, start: Hands, trick: TrickCards) -> State:
    """The search's view of the trick so far on the hands at the trick's ``start``."""
    hands = list(start)
    plays: tuple[Play, ...] = ()
    win, best = 0, NO_KEY
    for seat, cards in trick:
        done = tuple(sorted(card.index for card in cards))
        key = searcher.key(done, plays[0] if plays else done)
        if not plays or searcher.beats(key, best, plays[0]):
            assert key is not None
            win, best = len(plays), key
        hands[seat] = remove(hands[seat], done)
        plays = (*plays, done)
    return tuple(hands), plays, win, best


@contextmanager
def _no_cyclic_collector() -> Iterator[None]:
    """The search makes millions of short-lived tuples and no cycles (as in ``solve``)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


PLAY_VALUES = PlayValues()
"""The process's shared searchers."""


def play_value(position: Position, trick: TrickCards, play: Play) -> int:
    """The attackers' final total when the next seat plays ``play`` after ``trick`` (``PLAY_VALUES``)."""
    return PLAY_VALUES.play_value(position, trick, play)
