"""Re-proving dealt strategy items (``puzzles check``): each lesson idea's generator deals seeded items, and
each is verified like a written item and, beyond that, proven clear: its answer is the one best of ALL the
mover's legal plays, every other legal play costing at least ``MARGIN`` points (the solver's values).

``puzzles check`` re-proves a sample (``SAMPLE`` seeds an idea); ``puzzles check --all`` the ``ALL`` seeds
an idea the tests deal.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial

from .check import verify_puzzle
from .generated import generate_puzzle
from .kinds._deal import DealSpec
from .kinds._strategy_deal import MARGIN, legal_plays, valued
from .model import Puzzle
from .problems import Problem

SAMPLE = 3
"""Seeds an idea in the default check (``make test``)."""
ALL = 200
"""Seeds an idea with ``--all`` (the same seeds the exhaustive tests deal)."""


def strategy_ideas() -> dict[str, tuple[str, ...]]:
    """Each strategy kind with a generator and the ideas it deals."""
    from .kinds._best_play_ideas import IDEAS as PLAY_IDEAS
    from .kinds._kitty_endgame_deal import IDEAS as KITTY_IDEAS

    return {"best_play": PLAY_IDEAS, "kitty_endgame": KITTY_IDEAS}


def margin_problems(puzzle: Puzzle) -> list[Problem]:
    """Problems with a dealt strategy item's clear margin: its answer must be the unique best of every legal
    play by at least ``MARGIN`` points."""
    from .kinds.best_play import BestPlay, play_value
    from .kinds.endgame import lead_value
    from .kinds.kitty_endgame import KittyEndgame

    question = puzzle.question
    if isinstance(question, BestPlay):
        trick, answer = question.trick, question.answer
        value = partial(play_value, question.position, trick)
    elif isinstance(question, KittyEndgame):
        trick, answer = (), question.answer
        value = partial(lead_value, question.position)
    else:
        return []
    position = question.position
    mover = (position.leader + len(trick)) % 4
    found = valued(legal_plays(position, trick), value, position.is_attacker(mover))
    mine = tuple(sorted(card.index for card in answer))
    problems: list[Problem] = []
    if found[0].play != mine or found[0].cost != 0:
        problems.append(Problem(puzzle.file, puzzle.id, "answer", "is not the one best legal play"))
    close = [one for one in found[1:] if one.cost < MARGIN]
    if close:
        problems.append(Problem(puzzle.file, puzzle.id, "answer",
                                f"{len(close)} other legal plays cost less than {MARGIN} points"))
    return problems


def idea_problems(kind: str, idea: str, puzzle: Puzzle) -> list[Problem]:
    """Problems with what a dealt item must show for its idea beyond its margin: a ``guard`` kitty endgame
    keeps the defenders' trump pair whole until the last trick of the solver's best line, and wins it."""
    from .kinds._kitty_endgame_deal import guard_kept
    from .kinds.kitty_endgame import KittyEndgame

    question = puzzle.question
    guard = kind == "kitty_endgame" and idea == "guard" and isinstance(question, KittyEndgame)
    if guard and isinstance(question, KittyEndgame) and not guard_kept(question.position):
        return [Problem(puzzle.file, puzzle.id, "answer",
                        "the best line does not keep the trump pair whole for the last trick")]
    return []


@dataclass(frozen=True)
class GeneratedReport:
    """How many dealt items were re-proved, every problem, and how long it took."""

    items: int
    problems: tuple[Problem, ...]
    seconds: float


def check_generated(seeds: int = SAMPLE) -> GeneratedReport:
    """Deal ``seeds`` items of every idea of every strategy kind; verify each and prove its margin."""
    started = time.perf_counter()
    problems: list[Problem] = []
    items = 0
    for kind, ideas in strategy_ideas().items():
        for idea in ideas:
            for seed in range(seeds):
                try:
                    puzzle = generate_puzzle(kind, seed, DealSpec(idea=idea))
                except (RuntimeError, ValueError) as error:
                    problems.append(Problem(f"(generated {kind} {idea})", f"seed {seed}", "generate", str(error)))
                    continue
                items += 1
                where = f"(generated {kind} {idea} seed {seed})"
                problems += [Problem(where, found.puzzle_id, found.field, found.message)
                             for found in verify_puzzle(puzzle) + margin_problems(puzzle)
                             + idea_problems(kind, idea, puzzle)]
    return GeneratedReport(items, tuple(problems), time.perf_counter() - started)
