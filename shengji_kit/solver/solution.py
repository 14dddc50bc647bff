"""What the solver answers: the value, the mover's best leads, and one optimal line of tricks."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card, codes
from ..words.catalogue import text
from .position import Position


@dataclass(frozen=True)
class Trick:
    """One trick of the optimal line: ``plays[k]`` is played by seat ``(leader + k) % 4``."""

    leader: int
    plays: tuple[tuple[Card, ...], ...]
    winner: int
    points: int
    """Card points in the trick."""
    gained: int
    """What the attackers gain from it: its points if they win it, plus the kitty bonus."""
    kitty_bonus: int = 0

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple((self.leader + k) % 4 for k in range(len(self.plays)))

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data; cards as space-joined codes."""
        return {
            "leader": self.leader,
            "plays": [{"seat": seat, "cards": codes(play)} for seat, play in zip(self.seats, self.plays, strict=True)],
            "winner": self.winner,
            "points": self.points,
            "gained": self.gained,
            "kitty_bonus": self.kitty_bonus,
        }

    def words(self, lang: str = "en") -> str:
        """The trick for learners: ``South ♦Q♦Q, East ♦A ♦3, … — South wins, attackers +35``."""
        plays = text("join_plays", lang).join(
            text("trick_play", lang, seat=seat, cards=play) for seat, play in zip(self.seats, self.plays, strict=True)
        )
        if self.kitty_bonus:
            return text("trick_words_kitty", lang, plays=plays, winner=self.winner, gained=self.gained,
                        bonus=self.kitty_bonus)
        return text("trick_words", lang, plays=plays, winner=self.winner, gained=self.gained)

    def describe(self, lang: str = "en") -> str:
        """One line for the command line: each seat number and its cards, who wins, the gain."""
        parts = "  ".join(f"{seat}:{codes(play)}" for seat, play in zip(self.seats, self.plays, strict=True))
        line = text("solver_trick", lang, plays=parts, winner=self.winner, gained=self.gained)
        return line + (text("solver_trick_kitty", lang, bonus=self.kitty_bonus) if self.kitty_bonus else "")


@dataclass(frozen=True)
class Solution:
    """The exact result of an endgame with perfect play on both sides.

    ``total`` is the attackers' final total (points so far + trick points + kitty bonus);
    ``best`` maps each of the mover's optimal leads, written as space-joined card codes in
    ``trump.sorted`` order (``"SA SA"``), to ``total``; ``line`` is one optimal sequence of tricks.
    Failed throws are not listed in ``best``: they lead their forced component, which is.
    """

    position: Position
    total: int
    best: dict[str, int]
    line: tuple[Trick, ...]
    nodes: int
    seconds: float

    @property
    def mover(self) -> int:
        """The seat to act at the start: the position's leader."""
        return self.position.leader

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data: the position, total, best leads and line."""
        return {
            "position": self.position.to_dict(),
            "total": self.total,
            "best": dict(self.best),
            "line": [trick.to_dict() for trick in self.line],
            "nodes": self.nodes,
        }

    def describe(self, lang: str = "en") -> str:
        """The value, the best leads and the line, as lines of text."""
        mover = self.position.leader
        to_lead = "solver_to_lead_attackers" if self.position.is_attacker(mover) else "solver_to_lead_defenders"
        lines = [
            text("solver_total", lang, total=self.total, points=self.position.points),
            text(to_lead, lang, seat=mover, leads=" | ".join(self.best)),
            text("solver_line", lang),
        ]
        lines += [f"  {n}. {trick.describe(lang)}" for n, trick in enumerate(self.line, start=1)]
        return "\n".join(lines)
