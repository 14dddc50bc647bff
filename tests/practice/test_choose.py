"""Choosing puzzles: in file order through a set, or the trainer's choice by difficulty."""

from __future__ import annotations

from shengji_kit.practice import Progress, next_in_set, trainers_choice
from shengji_kit.puzzles import Bank


def star(progress: Progress, puzzle_id: str) -> None:
    record = progress.record(puzzle_id)
    record.attempts, record.solved, record.star = 1, True, True


def test_the_trainer_starts_with_the_easiest_puzzle(bank: Bank) -> None:
    chosen = trainers_choice(bank.puzzles(), Progress())
    assert chosen is not None
    assert chosen.difficulty == min(p.difficulty for p in bank.puzzles())


def test_the_trainer_climbs_in_difficulty_as_puzzles_get_starred(bank: Bank) -> None:
    progress = Progress()
    difficulties = []
    for _ in bank.puzzles():
        chosen = trainers_choice(bank.puzzles(), progress)
        assert chosen is not None
        difficulties.append(chosen.difficulty)
        star(progress, chosen.id)
    assert difficulties == sorted(difficulties)
    assert trainers_choice(bank.puzzles(), progress) is None


def test_the_trainer_moves_on_and_changes_kind(bank: Bank) -> None:
    first = trainers_choice(bank.puzzles(), Progress())
    assert first is not None
    second = trainers_choice(bank.puzzles(), Progress(), first, {first.id})
    assert second is not None and second.id != first.id
    assert second.kind != first.kind and second.difficulty == first.difficulty


def test_unsolved_puzzles_come_before_solved_ones_without_a_star(bank: Bank) -> None:
    progress = Progress()
    easiest = [p for p in bank.puzzles() if p.difficulty == 1]
    for puzzle in easiest:
        record = progress.record(puzzle.id)
        record.solved, record.hints = True, 1
    chosen = trainers_choice(bank.puzzles(), progress)
    assert chosen is not None and chosen.difficulty == 2
    for puzzle in bank.puzzles():
        if puzzle.difficulty > 1:
            star(progress, puzzle.id)
    again = trainers_choice(bank.puzzles(), progress)
    assert again is not None and again.difficulty == 1 and not progress.get(again.id).star


def test_a_set_goes_in_file_order_and_skips_starred_puzzles(bank: Bank) -> None:
    puzzles = list(bank.get_set("01-who-wins").puzzles)
    progress = Progress()
    assert next_in_set(puzzles, progress) == puzzles[0]
    star(progress, puzzles[1].id)
    assert next_in_set(puzzles, progress, puzzles[0].id) == puzzles[2]


def test_a_set_wraps_and_offers_the_current_puzzle_last(bank: Bank) -> None:
    puzzles = list(bank.get_set("03-throws").puzzles)
    progress = Progress()
    for puzzle in puzzles[1:]:
        star(progress, puzzle.id)
    assert next_in_set(puzzles, progress, puzzles[-1].id) == puzzles[0]
    assert next_in_set(puzzles, progress, puzzles[0].id) == puzzles[0]
    star(progress, puzzles[0].id)
    assert next_in_set(puzzles, progress, puzzles[0].id) is None
