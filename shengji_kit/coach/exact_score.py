"""Score a play exactly in a sampled endgame with the solver's search (every hand visible).

The coach sits above the solver, so the search bot may score small endgames exactly.
"""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.rules import resolve_rules
from ..engine.scoring import points
from ..engine.shapes import THROW, shape
from ..engine.throws import check_throw
from ..game.views import SeatView
from ..solver.search import INFINITY, NO_KEY, Searcher
from ._sampling import Sample


def searcher_for(view: SeatView, sample: Sample) -> Searcher:
    """A solver search for this deal's trump, rules, teams and (sampled) kitty."""
    assert view.trump is not None and view.dealer is not None
    dealer = view.dealer
    attackers = tuple(seat % 2 != dealer % 2 for seat in range(4))
    return Searcher(view.trump, resolve_rules(view.rules), attackers, points(sample.kitty))


def exact_total(view: SeatView, sample: Sample, cards: tuple[Card, ...], searcher: Searcher) -> int:
    """The attackers' final total with perfect play by all after ``view.seat`` plays ``cards``."""
    played = {seat: tuple(sorted(card.index for card in play)) for seat, play in view.trick}
    hands = tuple(tuple(sorted(card.index for card in sample.hands[seat])) for seat in range(4))
    boundary = tuple(tuple(sorted(hands[seat] + played.get(seat, ()))) for seat in range(4))
    classes = searcher.classes(boundary)
    leader = view.trick[0][0] if view.trick else view.seat
    plays: tuple[tuple[int, ...], ...] = ()
    win, best = 0, NO_KEY
    for _, play in view.trick:
        indices = tuple(sorted(card.index for card in play))
        key = searcher.key(indices, plays[0] if plays else indices)
        if not plays or searcher.beats(key, best, plays[0]):
            assert key is not None
            win, best = len(plays), key
        plays = (*plays, indices)
    trump = searcher.trump
    if not view.trick and len(cards) > 1 and shape(cards, trump).kind == THROW:
        others = [sample.hands[(view.seat + k) % 4] for k in (1, 2, 3)]
        cards = tuple(check_throw(cards, others, trump, searcher.rules).forced)
    choice = tuple(sorted(card.index for card in cards))
    rest = searcher.after_play(hands, leader, plays, win, best, choice, -INFINITY, INFINITY, classes)
    return view.attackers_points + rest
