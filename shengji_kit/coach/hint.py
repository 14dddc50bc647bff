"""A hint, the coach side of render/hint.py: ``hint(view_or_round, seat)``.

The coach's suggested play and the checked reasons for it. The play is SearchBot's choice under a
time budget (under 0.5 s at the start of a round, under 0.2 s late in it); each reason is a
catalogue code whose fact a function in ``facts`` checks.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card, codes
from ..engine.follow import legal_leads, legal_plays
from ..engine.scoring import kitty_multiplier, points
from ..engine.trump import TRUMP
from ..game.actions import Action
from ..game.round import FOLLOW_LIMIT, Round
from ..game.views import SeatView, rules_of
from ..words import Message
from ._sample_playout import Budget
from .facts import (
    is_sure_winner,
    is_top_in_suit,
    kept_trump_pair,
    kitty_at_risk,
    led_suit,
    opponent_void,
    partner_sure_winner,
    points_at_stake,
    shown_void,
    wins_now,
)
from .search_bot import Scored, best_of, candidates, evaluate

EARLY_BUDGET = Budget(samples=24, seconds=0.35, candidates=5, solve_at=4)
LATE_BUDGET = Budget(samples=16, seconds=0.12, candidates=5, solve_at=4)
LATE_FROM_TRICK = 15
BIG_STAKE = 15


@dataclass(frozen=True)
class Hint:
    """The suggested ``play`` for ``seat``, the ``reasons`` and every candidate's search score."""

    seat: int
    play: tuple[Card, ...]
    reasons: tuple[Message, ...]
    scored: tuple[Scored, ...]

    @property
    def action(self) -> Action:
        return Action.play(self.play)

    def message(self, lang: str = "en") -> str:
        """The reasons, one per line."""
        return "\n".join(reason.render(lang) for reason in self.reasons)

    def __str__(self) -> str:
        return f"{codes(self.play)}: {self.message('en')}"


def listed_plays(view: SeatView) -> list[Action]:
    """The plays a round would list for the viewer now (leads: singles, pairs, tractors)."""
    assert view.trump is not None
    trump = view.trump.under(rules_of(view))
    if view.lead is None:
        return [Action.play(tuple(play)) for play in legal_leads(view.hand, trump)]
    return [Action.play(tuple(play)) for play in legal_plays(view.lead, view.hand, trump, limit=FOLLOW_LIMIT)]


def budget_for(view: SeatView) -> Budget:
    return LATE_BUDGET if len(view.tricks) >= LATE_FROM_TRICK else EARLY_BUDGET


def hint(view_or_round: SeatView | Round, seat: int | None = None, budget: Budget | None = None, seed: int = 0) -> Hint:
    """The coach's play for ``seat`` (a round's seat to act, or the view's seat) and why."""
    if isinstance(view_or_round, Round):
        seat = view_or_round.to_act if seat is None else seat
        if seat is None:
            raise ValueError("the round is over: nobody is to play")
        view = view_or_round.view(seat)
        actions = view_or_round.legal_actions(seat)
    else:
        view = view_or_round
        actions = listed_plays(view)
    if view.phase != "play" or view.to_act != view.seat or not actions:
        raise ValueError("a hint is for the seat to play during the tricks")
    chosen = budget or budget_for(view)
    plays = candidates(view, actions, chosen.candidates)
    scored = evaluate(view, plays, chosen, seed) if len(plays) > 1 else [Scored(plays[0], 0.0, 0, False)]
    best = best_of(view, scored)
    return Hint(view.seat, best.cards, tuple(reasons_for(best.cards, view, scored)), tuple(scored))


def reasons_for(play: tuple[Card, ...], view: SeatView, scored: list[Scored]) -> list[Message]:
    """Every reason whose fact holds for ``play`` in ``view``, the search's evidence last."""
    trump = view.trump
    assert trump is not None
    found: list[Message] = []
    suit = led_suit(view, play)
    stake = points_at_stake(play, view)
    all_trumps = all(trump.is_trump(c) for c in play)
    ruffing = bool(view.trick) and suit != TRUMP and all_trumps and shown_void(view.seat, suit, view)
    if view.trick and partner_sure_winner(view) and not wins_now(play, view):
        partner_cards = next(cards for s, cards in view.trick if s == view.partner)
        if points(play):
            found.append(Message(
                "coach_partner_winning_feed", {"partner": view.partner, "cards": partner_cards, "points": points(play)}
            ))
        else:
            found.append(Message("coach_partner_winning_duck", {"partner": view.partner, "cards": partner_cards}))
    elif ruffing and wins_now(play, view):
        found.append(Message("coach_ruff", {"suit": suit, "points": stake}))
    elif is_sure_winner(play, view):
        found.append(Message("coach_sure_winner", {"cards": play, "points": stake}))
    elif is_top_in_suit(play, view):
        found.append(Message("coach_top_in_suit", {"cards": play, "suit": suit}))
    if not view.trick:
        if suit != TRUMP and shown_void(view.partner, suit, view):
            found.append(Message("coach_partner_void", {"suit": suit, "partner": view.partner}))
        for other in ((view.seat + 1) % 4, (view.seat + 3) % 4):
            avoided = sorted(
                s for s in "SHCD"
                if s != suit and opponent_void(other, s, view) and any(trump.suit_of(c) == s for c in view.hand)
            )
            if avoided:
                found.append(Message("coach_opponent_void", {"seat": other, "suit": avoided[0]}))
                break
    if view.trick and stake >= BIG_STAKE and not any(r.code == "coach_ruff" for r in found):
        found.append(Message("coach_points_at_stake", {"points": stake}))
    pair = kept_trump_pair(play, view)
    if pair is not None and kitty_at_risk(view):
        multiplier = kitty_multiplier((pair, pair), trump, rules_of(view))
        found.append(Message("coach_protect_kitty", {"cards": (pair, pair), "multiplier": multiplier}))
    evidence = search_reason(play, view, scored)
    if evidence is not None:
        found.append(evidence)
    return found


def search_reason(play: tuple[Card, ...], view: SeatView, scored: list[Scored]) -> Message | None:
    """The search's evidence: the play's mean and its margin over the next best candidate."""
    others = [s for s in scored if s.cards != play]
    mine = next((s for s in scored if s.cards == play), None)
    if mine is None or not others or mine.samples == 0:
        return None
    sign = 1.0 if view.is_attacker else -1.0
    runner = max(others, key=lambda s: sign * s.mean)
    margin = sign * (mine.mean - runner.mean)
    code = "coach_search_exact" if mine.exact else "coach_search"
    return Message(code, {
        "samples": mine.samples, "mean": round(mine.mean), "margin": round(margin), "other": runner.cards,
    })
