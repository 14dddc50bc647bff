"""Choosing the next puzzle: through one set in file order, or the trainer's choice by difficulty.

Both prefer unsolved puzzles, then solved ones still without a star, and never offer a puzzle
whose star is already earned (those stay reachable from the puzzle strip).
The trainer's choice takes the easiest such puzzle from every set (once the learner has a rating,
the one whose rating is nearest theirs), favouring puzzles not yet seen in this session and a
change of kind.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from ..puzzles import Puzzle
from .progress import Progress
from .rating import Rating

AUTO = "auto"
"""The mode in which the trainer chooses by difficulty."""


def _need(puzzle: Puzzle, progress: Progress) -> int | None:
    """0 unsolved, 1 solved without a star, None when the star is earned (nothing to do)."""
    record = progress.get(puzzle.id)
    if record.star:
        return None
    return 1 if record.solved else 0


def next_in_set(puzzles: Sequence[Puzzle], progress: Progress, current: str | None = None) -> Puzzle | None:
    """The next puzzle after ``current`` in file order (wrapping) that still needs work.

    Unsolved ones come before solved-without-star ones; the current puzzle is offered again only
    when no other one needs work; None when every star is earned.
    """
    ids = [p.id for p in puzzles]
    start = ids.index(current) + 1 if current in ids else 0
    ring = [puzzles[(start + k) % len(puzzles)] for k in range(len(puzzles))]
    others = [(need, k) for k, p in enumerate(ring) if p.id != current and (need := _need(p, progress)) is not None]
    if others:
        return ring[min(others)[1]]
    here = next((p for p in ring if p.id == current), None)
    return here if here is not None and _need(here, progress) is not None else None


def near_rating(puzzle_rating: Callable[[str], Rating], target: float) -> Callable[[Puzzle], float]:
    """How far a puzzle's rating now is from ``target`` (the learner's rating): the trainer's choice's measure."""
    return lambda puzzle: abs(puzzle_rating(puzzle.id).rating - target)


def trainers_choice(
    puzzles: Sequence[Puzzle],
    progress: Progress,
    current: Puzzle | None = None,
    seen: Collection[str] = (),
    distance: Callable[[Puzzle], float] | None = None,
) -> Puzzle | None:
    """The easiest puzzle that still needs work (with ``distance``, the nearest to the learner's rating), from
    all of ``puzzles``; None when all are starred.

    Order: unsolved before solved-without-star, then the distance (else difficulty), then not seen
    in this session, then never attempted, then a kind other than the current one, then bank
    order. The current puzzle is offered again only when nothing else needs work.
    """
    ranked: list[tuple[tuple[int, float, bool, bool, bool, int], Puzzle]] = []
    for order, puzzle in enumerate(puzzles):
        need = _need(puzzle, progress)
        if need is None:
            continue
        same_kind = current is not None and puzzle.kind == current.kind
        how_far = float(puzzle.difficulty) if distance is None else distance(puzzle)
        key = (need, how_far, puzzle.id in seen, progress.get(puzzle.id).attempts > 0, same_kind, order)
        ranked.append((key, puzzle))
    others = [item for item in ranked if current is None or item[1].id != current.id]
    pool = others or ranked
    return min(pool, key=lambda item: item[0])[1] if pool else None
