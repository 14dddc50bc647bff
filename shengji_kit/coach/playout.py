"""Play a sampled deal on from a decision: the one place search bots run the rest of a round.

``play_out(view, sample, play, budget)`` puts ``play`` on the table for ``view.seat``, then lets
RuleBots play ``budget.horizon`` more tricks (or to the end) and returns the attackers' total:
exact when the round ends inside the horizon, otherwise the points taken plus an estimate of
the rest. ``exact_total`` does the same with the endgame solver once hands are small.
Both go through TrickPlay (integer hands inside) and RuleBot; game/playout.py's Playout is the faster path.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.cards import Card
from ..engine.rules import Rules
from ..engine.scoring import kitty_multiplier, points
from ..engine.trump import TRUMP, Trump
from ..game.actions import Action
from ..game.bots.rule import RuleBot
from ..game.round import FOLLOW_LIMIT
from ..game.trickplay import Checked, TrickPlay
from ..game.views import SeatView
from .sampling import Sample


@dataclass(frozen=True)
class Budget:
    """How hard a search bot thinks per decision.

    ``samples`` hidden deals (each plays every candidate); ``seconds`` stops earlier when set
    (then the choice depends on the machine's speed); ``candidates`` plays are compared;
    play-outs run ``horizon`` tricks past the current one, or to the end once the seat holds
    ``full_at`` cards or fewer; at ``solve_at`` cards or fewer the exact solver scores each sample.
    """

    samples: int = 8
    seconds: float | None = None
    candidates: int = 5
    horizon: int = 3
    solve_at: int = 4
    full_at: int = 7


def attacker(seat: int, dealer: int) -> bool:
    return seat % 2 != dealer % 2


def start_play(view: SeatView, sample: Sample) -> TrickPlay:
    """A TrickPlay holding the sample's hands at the point ``view`` shows."""
    trump = view.trump
    assert trump is not None and view.dealer is not None
    play = TrickPlay(sample.hands, trump, Rules.preset(view.rules), view.dealer)
    play.resume(view.seat, view.tricks, view.trick, view.attackers_points, view.attempt)
    return play


def seat_view(base: SeatView, play: TrickPlay, seat: int, kitty: tuple[Card, ...] | None) -> SeatView:
    """What ``seat`` would see in the play-out (the kitty only for the seat that buried it)."""
    hands = play.hands
    return replace(
        base,
        seat=seat,
        to_act=seat,
        hand=tuple(hands[seat]),
        hand_sizes=(len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])),
        kitty=kitty,
        trick=play.current(),
        attempt=play.attempt,
        tricks=tuple(play.tricks),
        attackers_points=play.attackers_points,
    )


def apply(play: TrickPlay, seat: int, cards: tuple[Card, ...], listed: bool) -> None:
    """Play ``cards`` for ``seat``; a listed play needs no check, a throw is checked."""
    checked = Checked(tuple(play.trump.sorted(cards))) if listed else play.check(seat, cards)
    play.apply(seat, checked)


def final_total(play: TrickPlay, kitty: tuple[Card, ...], rules: Rules) -> int:
    """The attackers' total of a finished play: trick points plus the kitty bonus."""
    last = play.tricks[-1]
    total = play.attackers_points
    if play.is_attacker(last.winner):
        total += points(kitty) * kitty_multiplier(last.plays[0], play.trump, rules)
    return total


def hand_strength(hand: list[Card], trump: Trump) -> float:
    """A rough measure of how many tricks a hand can still take: trumps, then aces and kings."""
    tables = trump.tables
    total = 0.0
    for card in hand:
        if tables.suit_of[card.index] == TRUMP:
            total += 1.0 + (0.5 if card.is_joker or card.rank == trump.level else 0.0)
        elif card.rank == "A":
            total += 0.5
        elif card.rank == "K":
            total += 0.2
    return total


def estimate_rest(play: TrickPlay) -> float:
    """The attackers' share of the points still in the hands, by their share of the strength."""
    left = sum(points(hand) for hand in play.hands)
    attack = sum(hand_strength(h, play.trump) for seat, h in enumerate(play.hands) if play.is_attacker(seat))
    defend = sum(hand_strength(h, play.trump) for seat, h in enumerate(play.hands) if not play.is_attacker(seat))
    share = 0.5 if attack + defend == 0 else attack / (attack + defend)
    return left * share


def play_out(view: SeatView, sample: Sample, cards: tuple[Card, ...], budget: Budget) -> float:
    """The attackers' (estimated) total after ``view.seat`` plays ``cards`` in this sample."""
    play = start_play(view, sample)
    rules = play.rules
    apply(play, view.seat, cards, listed=not (not view.trick and _is_throw(cards, play.trump)))
    stop = len(view.tricks) + 1 + (len(view.hand) if len(view.hand) <= budget.full_at else budget.horizon)
    bots = RuleBot(0)
    burier = view.seat if view.kitty is not None else view.dealer
    while not play.done and len(play.tricks) < stop:
        seat = play.to_act
        assert seat is not None
        legal = play.legal(seat, FOLLOW_LIMIT)
        actions = [Action.play(option) for option in legal]
        own = sample.kitty if seat == burier else None
        chosen = bots.choose(seat_view(view, play, seat, own), actions)
        apply(play, seat, chosen.cards, listed=any(chosen is action for action in actions))
    if play.done:
        return float(final_total(play, sample.kitty, rules))
    return play.attackers_points + estimate_rest(play)


def _is_throw(cards: tuple[Card, ...], trump: Trump) -> bool:
    from ..engine.shapes import THROW, shape

    return len(cards) > 1 and shape(cards, trump).kind == THROW
