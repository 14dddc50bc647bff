"""Tallies over many rounds: totals by band, outcomes, kitty captures, failed throws, team strength."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .result import RoundResult

BANDS: tuple[tuple[int, int | None, str], ...] = (
    (0, 0, "0"),
    (5, 35, "5-35"),
    (40, 75, "40-75"),
    (80, 115, "80-115"),
    (120, 155, "120-155"),
    (160, 195, "160-195"),
    (200, None, "200+"),
)


def band(total: int) -> str:
    """The §7 band an attackers' total falls in."""
    for low, high, label in BANDS:
        if total >= low and (high is None or total <= high):
            return label
    return BANDS[0][2]


@dataclass
class Tally:
    """Running figures over the rounds of a simulation."""

    rounds: int = 0
    totals: Counter[str] = field(default_factory=Counter)
    sides: Counter[str] = field(default_factory=Counter)
    levels: Counter[tuple[str, int]] = field(default_factory=Counter)
    kitty_captures: int = 0
    kitty_points_captured: int = 0
    failed_throws: int = 0
    redeals: int = 0
    sum_total: int = 0
    defended: list[int] = field(default_factory=lambda: [0, 0])
    """Rounds each team defended."""
    held: list[int] = field(default_factory=lambda: [0, 0])
    """Rounds each team defended and held the attackers under 80."""
    attacked: list[int] = field(default_factory=lambda: [0, 0])
    took: list[int] = field(default_factory=lambda: [0, 0])
    """Rounds each team attacked and reached 80 or more."""

    def add(self, result: RoundResult, deal_number: int = 0) -> None:
        self.rounds += 1
        self.totals[band(result.total)] += 1
        self.sides[result.outcome.side] += 1
        self.levels[result.outcome.side, result.outcome.levels] += 1
        self.sum_total += result.total
        if result.kitty_captured:
            self.kitty_captures += 1
            self.kitty_points_captured += result.kitty_points * result.kitty_multiplier
        self.failed_throws += len(result.failed_throws)
        self.redeals += deal_number
        self.defended[result.defenders] += 1
        self.attacked[result.attackers] += 1
        if result.total < 80:
            self.held[result.defenders] += 1
        else:
            self.took[result.attackers] += 1

    def lines(self, seconds: float, team_names: tuple[str, str]) -> list[str]:
        """A human-readable summary."""
        n = max(self.rounds, 1)
        speed = self.rounds / seconds if seconds > 0 else float("inf")
        out = [
            f"rounds: {self.rounds} in {seconds:.1f} s ({speed:.1f} rounds/s)",
            f"attackers' total: mean {self.sum_total / n:.1f}",
        ]
        for _, _, label in BANDS:
            count = self.totals[label]
            bar = "#" * round(40 * count / n)
            out.append(f"  {label:>8}: {count:6d} {100 * count / n:5.1f}% {bar}")
        out.append(
            "outcomes: defenders win "
            f"{self.sides['defenders']} ({100 * self.sides['defenders'] / n:.1f}%), "
            f"attackers win {self.sides['attackers']} ({100 * self.sides['attackers'] / n:.1f}%)"
        )
        for (side, levels), count in sorted(self.levels.items()):
            out.append(f"  {side} +{levels}: {count} ({100 * count / n:.1f}%)")
        out.append(
            f"kitty captures: {self.kitty_captures} ({100 * self.kitty_captures / n:.1f}%), "
            f"{self.kitty_points_captured} points in all"
        )
        out.append(f"failed throws: {self.failed_throws}; redeals: {self.redeals}")
        for team in (0, 1):
            out.append(f"team {team} ({team_names[team]}): " + self.team_line(team))
        return out

    def team_line(self, team: int) -> str:
        d, a = self.defended[team], self.attacked[team]
        held = f"{self.held[team]}/{d} = {100 * self.held[team] / d:.1f}%" if d else "-"
        took = f"{self.took[team]}/{a} = {100 * self.took[team] / a:.1f}%" if a else "-"
        return f"defending, held attackers under 80: {held}; attacking, took 80+: {took}"
