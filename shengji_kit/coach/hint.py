"""A hint, the coach side of render/hint.py: ``hint(view_or_round, seat)``.

The coach's suggested play and the checked reasons for it. The play is SearchBot's choice under a
time budget (under 0.5 s at the start of a round, under 0.2 s late in it). The reasons are the ONE
strategy idea the play carries out (``tactics.idea``: detected from facts of the seat's view and
linked to the lesson that teaches it), then the evidence: the search's figure in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card, codes
from ..engine.follow import legal_leads, legal_plays
from ..game.actions import Action
from ..game.round import FOLLOW_LIMIT, Round
from ..game.views import SeatView, rules_of
from ..words import Message
from ._sample_playout import Budget
from .search_bot import Scored, best_of, candidates, evaluate
from .tactics import idea

EARLY_BUDGET = Budget(samples=24, seconds=0.35, candidates=5, solve_at=4)
LATE_BUDGET = Budget(samples=16, seconds=0.12, candidates=5, solve_at=4)
LATE_FROM_TRICK = 15


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


def reasons_for(
    play: tuple[Card, ...], view: SeatView, scored: list[Scored], against: tuple[Card, ...] | None = None,
) -> list[Message]:
    """The one idea ``play`` carries out (``tactics.idea``), then the search's figure in words.

    The figure compares ``play`` with ``against`` (a review: the learner's own play) or, without it,
    with the best other candidate the search scored; a play with no other candidate is the only one.
    """
    named = idea(play, view)
    found = [] if named is None else [named]
    evidence = search_reason(play, view, scored, against)
    if evidence is None and against is None and [s.cards for s in scored] == [play]:
        evidence = Message("tactic_only_play")
    if evidence is not None:
        found.append(evidence)
    return found


def search_reason(
    play: tuple[Card, ...], view: SeatView, scored: list[Scored], against: tuple[Card, ...] | None = None,
) -> Message | None:
    """The search's evidence as a learner reads it: about how many points ``play`` gains over the other play."""
    others = [s for s in scored if s.cards != play]
    mine = next((s for s in scored if s.cards == play), None)
    if mine is None or not others or mine.samples == 0:
        return None
    sign = 1.0 if view.is_attacker else -1.0
    if against is not None:
        runner = next((s for s in others if s.cards == against), None)
        if runner is None:
            return None
    else:
        runner = max(others, key=lambda s: sign * s.mean)
    margin = round(sign * (mine.mean - runner.mean))
    how = Message("tactic_how_exact" if mine.exact else "tactic_how_sampled", {"samples": mine.samples})
    if margin < 1:
        return Message("tactic_support_close", {"how": how, "other": runner.cards})
    code = "tactic_support_attack" if view.is_attacker else "tactic_support_defend"
    return Message(code, {"how": how, "margin": margin, "other": runner.cards})
