"""Right and wrong answers worked out with the engine and the solver (never the stored answers)."""

from __future__ import annotations

from shengji_kit.engine import kitty_multiplier, trick_winner
from shengji_kit.puzzles import Puzzle, default_bank
from shengji_kit.solver import Position, solve


def winning_seat(puzzle: Puzzle) -> int:
    """The seat that takes a trick-winner puzzle's trick, by ``trick_winner``."""
    plays = [cards for _, cards in puzzle.table.trick]
    return puzzle.table.trick[trick_winner(plays, puzzle.table.trump)][0]


def losing_seat(puzzle: Puzzle) -> int:
    """A seat of the trick that does not take it."""
    return next(seat for seat, _ in puzzle.table.trick if seat != winning_seat(puzzle))


def trick_puzzles() -> list[Puzzle]:
    """The bank's trick-winner puzzles, in bank order."""
    return [puzzle for puzzle in default_bank().puzzles() if puzzle.kind == "trick_winner"]


def winning_answer(puzzle: Puzzle) -> str:
    """``winning_seat`` as a page sends it: the seat's number as text."""
    return str(winning_seat(puzzle))


def losing_answer(puzzle: Puzzle) -> str:
    """``losing_seat`` as a page sends it."""
    return str(losing_seat(puzzle))


def multiplier(puzzle: Puzzle) -> int:
    """The kitty multiplier of a count puzzle's last lead."""
    return kitty_multiplier(puzzle.table.lead, puzzle.table.trump, puzzle.table.rules)


def best_leads(puzzle: Puzzle) -> set[str]:
    """The solver's optimal leads of an endgame, as sorted code strings."""
    return set(solve(Position.from_dict(puzzle.table.raw)).best)


def solver_total(puzzle: Puzzle) -> int:
    """The attackers' total of an endgame under perfect play."""
    return solve(Position.from_dict(puzzle.table.raw)).total
