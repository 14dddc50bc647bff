"""Play a sampled deal on from a decision: the one place search bots run the rest of a round.

``Start.of(view, sample)`` builds the position ``view`` shows with the sample's hidden cards once
(a ``game.playout.Playout`` over count arrays, and the RuleBot play-out policy of ``rollout.py``);
``play_out(start, cards, budget)`` copies it, puts ``cards`` on the table for ``view.seat``, lets
every seat play on by RuleBot's tactics for ``budget.horizon`` more tricks (or to the end) and
returns the attackers' total: exact when the round ends, otherwise the points taken plus an
estimate of the rest. ``exact.py`` scores small endgames with the solver instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.card_index import FACE_POINTS, IndexTables
from ..engine.cards import CARDS, Card
from ..engine.trump import TRUMP
from ..game.playout import Playout
from ..game.views import SeatView
from ._sampling import Sample
from .rollout import RuleRollout, shown_voids


@dataclass(frozen=True)
class Budget:
    """How hard a search bot thinks per decision.

    ``samples`` hidden deals (each plays every candidate); ``seconds`` stops earlier when set
    (then the choice depends on the machine's speed); ``candidates`` plays are compared;
    play-outs run ``horizon`` tricks past the current one, or to the end once the seat holds
    ``full_at`` cards or fewer; at ``solve_at`` cards or fewer the exact solver scores each sample.
    ``confidence``: a bot leaves RuleBot's favourite play only for a candidate that beats it in
    the samples by more than this many standard errors (0: the best mean, however small the lead).
    """

    samples: int = 10
    seconds: float | None = None
    candidates: int = 5
    horizon: int = 25
    solve_at: int = 4
    full_at: int = 25
    confidence: float = 1.0
    throws: bool = True
    """Play-outs lead safe throws as RuleBot does (slower; else listed leads only)."""


def attacker(seat: int, dealer: int) -> bool:
    return seat % 2 != dealer % 2


@dataclass(frozen=True)
class Start:
    """One sample's position at the decision, ready to be copied for each candidate."""

    seat: int
    tricks_left: int
    playout: Playout
    rollout: RuleRollout

    @staticmethod
    def of(view: SeatView, sample: Sample, throws: bool = True) -> Start:
        hidden = {seat: sample.hands[seat] for seat in range(4) if seat != view.seat}
        playout = Playout.from_view(view, hidden, sample.kitty)
        burier = view.seat if view.kitty is not None else view.dealer
        assert burier is not None
        history = [(trick.leader, [_faces(play) for play in trick.plays]) for trick in view.tricks]
        if view.trick:
            history.append((view.trick[0][0], [_faces(play) for _, play in view.trick]))
        rollout = RuleRollout(playout, burier, shown_voids(playout.tables, history), throws)
        return Start(view.seat, len(view.hand), playout, rollout)


def _faces(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(card.index for card in cards)


def play_out(start: Start, cards: tuple[Card, ...], budget: Budget) -> float:
    """The attackers' (estimated) total after ``start.seat`` plays ``cards`` in this sample."""
    playout = start.playout.clone()
    rollout = start.rollout.clone()
    rollout.play(playout, _faces(cards))
    full = start.tricks_left <= budget.full_at
    rollout.run(playout, None if full else budget.horizon)
    if playout.to_act is None:
        return float(playout.final_total())
    return playout.attackers_points + estimate_rest(playout)


def hand_strength(counts: list[int], tables: IndexTables) -> float:
    """A rough measure of how many tricks a hand can still take: trumps, then aces and kings."""
    level = tables.trump.level
    total = 0.0
    suit_of = tables.suit_of
    for face in range(54):
        held = counts[face]
        if not held:
            continue
        if suit_of[face] == TRUMP:
            total += held * (1.0 + (0.5 if face >= 52 or _rank(face) == level else 0.0))
        elif _rank(face) == "A":
            total += held * 0.5
        elif _rank(face) == "K":
            total += held * 0.2
    return total


def _rank(face: int) -> str:
    return CARDS[face].rank


def estimate_rest(playout: Playout) -> float:
    """The attackers' share of the points still in the hands, by their share of the strength."""
    left = sum(FACE_POINTS[face] * count for counts in playout.counts for face, count in enumerate(counts))
    attack = defend = 0.0
    for seat, counts in enumerate(playout.counts):
        strength = hand_strength(counts, playout.tables)
        if attacker(seat, playout.dealer):
            attack += strength
        else:
            defend += strength
    share = 0.5 if attack + defend == 0 else attack / (attack + defend)
    return left * share
