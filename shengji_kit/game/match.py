"""A match (docs/rules.md §7): the teams' levels, rounds in sequence, the stake ledger, laps and the end.

``super_tycoon`` has no end: levels wrap after A and each wrap counts as a lap. ``classic`` ends
when a team at level A defends successfully. The ledger holds throw penalties (``super_tycoon``)
and match points (``classic``) in base stakes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.rules import Rules, resolve_rules
from ..engine.scoring import DEFENDERS
from ..engine.trump import normalise_level
from .deal import derived_seed
from .result import RoundResult
from .round import Round


@dataclass(frozen=True)
class LedgerEntry:
    """Base stakes won (positive) or paid (negative) by ``team`` in a round, and why."""

    round_number: int
    team: int
    amount: float
    reason: str
    """``throw_penalty`` or ``match_points``."""


class Match:
    """Rounds in sequence between team 0 (seats 0, 2) and team 1 (seats 1, 3)."""

    def __init__(
        self, seed: int, rules: Rules | str = "super_tycoon", dealer: int = 0, levels: tuple[str, str] = ("2", "2")
    ) -> None:
        self.seed = seed
        self.rules = resolve_rules(rules)
        self.levels = (normalise_level(levels[0]), normalise_level(levels[1]))
        self.dealer = dealer
        """Who deals the next round (in round 1: who deals first in the race)."""
        self.round_number = 1
        self.ledger: list[LedgerEntry] = []
        self.laps = [0, 0]
        self.winner: int | None = None
        self.results: list[RoundResult] = []
        self._current: Round | None = None

    @property
    def over(self) -> bool:
        """``classic``: a team at A has defended; ``super_tycoon`` matches never end by themselves."""
        return self.winner is not None

    def stakes(self) -> tuple[float, float]:
        """Each team's balance in base stakes."""
        totals = [0.0, 0.0]
        for entry in self.ledger:
            totals[entry.team] += entry.amount
        return totals[0], totals[1]

    def round_seed(self, round_number: int) -> int:
        return derived_seed(self.seed, round_number)

    def new_round(self) -> Round:
        """Deal the next round of the match."""
        if self.over:
            raise ValueError("the match is over")
        self._current = Round.new(
            self.round_seed(self.round_number), self.rules, self.round_number, self.dealer, self.levels
        )
        return self._current

    def finish(self, rnd: Round) -> RoundResult:
        """Book a finished round: levels, laps, stakes, the next dealer, the match end."""
        if rnd is not self._current or rnd.result is None:
            raise ValueError("finish() takes the match's current round once it is done")
        result = rnd.result
        self._current = None
        self.results.append(result)
        defenders_level = result.levels_before[result.defenders]
        for team in (0, 1):
            self.laps[team] += result.laps[team]
        if result.throw_penalty:
            for seat in result.failed_throws:
                team = seat % 2
                self.ledger.append(LedgerEntry(rnd.round_number, team, -result.throw_penalty, "throw_penalty"))
                self.ledger.append(LedgerEntry(rnd.round_number, 1 - team, result.throw_penalty, "throw_penalty"))
        if result.match_points:
            self.ledger.append(LedgerEntry(rnd.round_number, result.attackers, result.match_points, "match_points"))
            self.ledger.append(LedgerEntry(rnd.round_number, result.defenders, -result.match_points, "match_points"))
        self.levels = result.levels_after
        self.dealer = result.next_dealer
        self.round_number += 1
        if (
            not self.rules.wrap_after_ace
            and defenders_level == "A"
            and result.outcome.side == DEFENDERS
        ):
            self.winner = result.defenders
        return result
