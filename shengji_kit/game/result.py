"""A finished round's score (docs/rules.md §7): trick points, the kitty, the level outcome, who deals next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.rules import Rules
from ..engine.scoring import (
    DEFENDERS,
    Outcome,
    climb,
    kitty_multiplier,
    laps_completed,
    level_outcome,
    match_points,
    next_dealer,
    points,
)
from ..engine.trump import Trump
from ..words.catalogue import text
from .actions import Event


@dataclass(frozen=True)
class RoundResult:
    """The score of a finished round and what it means for the teams' levels.

    ``kitty_multiplier`` is 0 when the defenders won the last trick, so
    ``total == max(0, attackers_points + kitty_points * kitty_multiplier + penalty_points)`` always holds.
    """

    attackers_points: int
    kitty_points: int
    kitty_multiplier: int
    total: int
    outcome: Outcome
    dealer: int
    next_dealer: int
    levels_before: tuple[str, str]
    levels_after: tuple[str, str]
    laps: tuple[int, int]
    """Laps each team completed this round (a climb past A, ``super_tycoon``)."""
    match_points: int
    """``classic`` match points won by the attackers (the defenders get the negative); 0 otherwise."""
    failed_throws: tuple[int, ...]
    """The seats whose throws failed, in order."""
    throw_penalty: float
    penalty_points: int = 0
    """Points the failed throws moved to the attackers' total (``throw_penalty_points``; negative when
    the attackers' own throws failed)."""

    @property
    def attackers(self) -> int:
        """The attacking team: 0 (seats 0 and 2) or 1 (seats 1 and 3)."""
        return (self.dealer + 1) % 2

    @property
    def defenders(self) -> int:
        return self.dealer % 2

    @property
    def kitty_captured(self) -> bool:
        return self.kitty_multiplier > 0

    def stakes(self) -> tuple[float, float]:
        """The base stakes each team won this round: throw penalties, and ``classic`` match points."""
        stakes = [0.0, 0.0]
        for seat in self.failed_throws:
            stakes[seat % 2] -= self.throw_penalty
            stakes[1 - seat % 2] += self.throw_penalty
        stakes[self.attackers] += self.match_points
        stakes[self.defenders] -= self.match_points
        return stakes[0], stakes[1]

    def describe(self, lang: str = "en") -> str:
        return event_done(self).message(lang)


def kitty_revealed_at_end(rules: Rules, captured: bool) -> bool:
    """Whether the whole table sees the kitty once the round is over (``kitty_shown_at_end``)."""
    return rules.kitty_shown_at_end or captured


def score_round(
    attackers_points: int,
    kitty: Sequence[Card],
    last_lead: Sequence[Card],
    last_winner: int,
    trump: Trump,
    rules: Rules,
    dealer: int,
    levels: tuple[str, str],
    failed_throws: Sequence[int],
) -> RoundResult:
    """Score a round from its trick points, kitty and last trick."""
    kitty_points = points(kitty)
    captured = last_winner % 2 != dealer % 2
    multiplier = kitty_multiplier(last_lead, trump, rules) if captured else 0
    penalty = throw_penalty_points(failed_throws, dealer, rules)
    total = max(0, attackers_points + kitty_points * multiplier + penalty)
    outcome = level_outcome(total, rules)
    climber = dealer % 2 if outcome.side == DEFENDERS else (dealer + 1) % 2
    after = list(levels)
    after[climber] = climb(levels[climber], outcome.levels, rules)
    laps = [0, 0]
    if rules.wrap_after_ace:
        laps[climber] = laps_completed(levels[climber], outcome.levels, rules)
    return RoundResult(
        attackers_points=attackers_points,
        kitty_points=kitty_points,
        kitty_multiplier=multiplier,
        total=total,
        outcome=outcome,
        dealer=dealer,
        next_dealer=next_dealer(dealer, outcome),
        levels_before=levels,
        levels_after=(after[0], after[1]),
        laps=(laps[0], laps[1]),
        match_points=match_points(total) if rules.match_points else 0,
        failed_throws=tuple(failed_throws),
        throw_penalty=rules.throw_penalty,
        penalty_points=penalty,
    )


def throw_penalty_points(failed_throws: Sequence[int], dealer: int, rules: Rules) -> int:
    """The points the failed throws move to the attackers' total: ``throw_penalty_points`` each, added for
    a defender's failure and taken off for an attacker's (docs/house-rules.md)."""
    each = rules.throw_penalty_points
    if not each:
        return 0
    return sum(-each if seat % 2 != dealer % 2 else each for seat in failed_throws)


def event_done(result: RoundResult) -> Event:
    """The closing event of a round, explained in both languages."""
    params: dict[str, object] = {
        "total": result.total,
        "trick_points": result.attackers_points,
        "kitty_points": result.kitty_points,
        "multiplier": result.kitty_multiplier,
        "outcome": result.outcome,
        "next_dealer": result.next_dealer,
        "penalty": PenaltyNote(result.penalty_points),
    }
    return Event("done", None, params=params)


@dataclass(frozen=True)
class PenaltyNote:
    """The failed throws' penalty points in the closing text: nothing when there are none."""

    points: int

    def render(self, lang: str) -> str:
        if not self.points:
            return ""
        code = "hthrow_done_penalty_gained" if self.points > 0 else "hthrow_done_penalty_lost"
        return text(code, lang, points=abs(self.points))
