"""What the solver answers: the value, the mover's best leads, and one optimal line of tricks."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card, codes
from ..engine.explain import seat_name
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

    def describe(self, lang: str = "en") -> str:
        """One line: each seat and its cards, then who wins and what the attackers gain."""
        parts = [f"{seat}:{codes(play)}" for seat, play in zip(self.seats, self.plays, strict=True)]
        who = seat_name(self.winner, lang)
        if lang == "zh":
            text = f"{'  '.join(parts)}  → {self.winner}（{who}）赢，捡分方得 {self.gained} 分"
            return text + (f"（含扣底 {self.kitty_bonus} 分）" if self.kitty_bonus else "")
        text = f"{'  '.join(parts)}  -> seat {self.winner} ({who}) wins, attackers +{self.gained}"
        return text + (f" (kitty bonus {self.kitty_bonus})" if self.kitty_bonus else "")


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
        side = "attackers" if self.position.is_attacker(mover) else "defenders"
        if lang == "zh":
            side_zh = "捡分方" if side == "attackers" else "主打方"
            lines = [
                f"捡分方最终得分：{self.total}（已得 {self.position.points} 分）",
                f"先出：{mover}（{seat_name(mover, 'zh')}，{side_zh}）；最佳首发：{' | '.join(self.best)}",
                "最佳线路：",
            ]
        else:
            lines = [
                f"attackers' final total: {self.total} (points so far {self.position.points})",
                f"to lead: seat {mover} ({seat_name(mover)}, {side}); best leads: {' | '.join(self.best)}",
                "an optimal line:",
            ]
        lines += [f"  {n}. {trick.describe(lang)}" for n, trick in enumerate(self.line, start=1)]
        return "\n".join(lines)
