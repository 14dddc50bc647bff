"""Choices cannot be found by where they sit: each learner sees a puzzle's choices in an order seeded by
the learner's name and the item (the same after a reload, another for another learner), the number keys
follow that order, and in every lesson block with choices the right answer's position is spread over the
choices across 200 learners, with no "only longest option" tell."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from shengji_kit.practice.choice_order import KEPT_IN_ORDER, choice_order
from shengji_kit.practice.event_log import ProgressStore
from shengji_kit.practice.html._answer_controls import answers_html
from shengji_kit.practice.session import Practice
from shengji_kit.practice.visit import Visit
from shengji_kit.puzzles import Puzzle
from shengji_kit.puzzles.lesson_exercises import lesson_files, load_lesson

LEARNERS = [f"learner-{n}" for n in range(200)]


def _blocks() -> list[tuple[str, str, list[Puzzle]]]:
    """Every lesson block whose items offer a list of choices (``best_play`` is answered by playing elsewhere;
    a ``trick_winner`` item is answered on the felt, each play where its seat sits)."""
    found = []
    for path in lesson_files():
        lesson = load_lesson(path.stem)
        for group in lesson.group_names():
            items = [item for item in lesson.group(group)
                     if item.kind not in (*KEPT_IN_ORDER, "trick_winner") and len(item.question.choices()) >= 2]
            if items:
                found.append((path.stem, group, items))
    return found


def _right_values(item: Puzzle) -> set[str]:
    return {choice.value for choice in item.question.choices() if item.check(choice.value).correct}


@pytest.mark.slow  # 200 learners over every block: make test runs it, make check does not
def test_every_block_spreads_the_right_answer_over_the_positions_for_200_learners() -> None:
    blocks = _blocks()
    assert {(slug, group) for slug, group, _ in blocks} >= {("01_trump_ranking", "is_trump"),
                                                           ("00_a_round", "end"), ("12_counting", "count_what_is_out")}
    for slug, group, items in blocks:
        by_size: dict[int, Counter[int]] = {}
        for item in items:
            right = _right_values(item)
            assert right, item.id
            for learner in LEARNERS:
                shown = [choice.value for choice in choice_order(item, learner)]
                assert sorted(shown) == sorted(c.value for c in item.question.choices())
                counts = by_size.setdefault(len(shown), Counter())
                for position, value in enumerate(shown):
                    if value in right:
                        counts[position] += 1
        for size, counts in by_size.items():
            total = sum(counts.values())
            assert set(counts) == set(range(size)), (slug, group, size, counts)  # no fixed position
            assert max(counts.values()) / total <= 1 / size + 0.1, (slug, group, size, counts)


def test_no_block_gives_the_answer_away_as_its_only_longest_option() -> None:
    """Among items of three or more choices, the right answer is the only longest label no more often than
    chance allows (each item's chance 1/choices; at most the mean plus two standard deviations). Lesson 11's
    old lists (11 of 19 items) would fail this; a reason that is simply the longest one sometimes does not."""
    for slug, group, items in _blocks():
        told, mean, variance = 0, 0.0, 0.0
        for item in items:
            choices = item.question.choices()
            if len(choices) < 3:
                continue  # "yes" is longer than "no": two labels say nothing by their length
            lengths = {choice.value: len(choice.label("en")) for choice in choices}
            longest = max(lengths.values())
            tops = [value for value, length in lengths.items() if length == longest]
            told += len(tops) == 1 and tops[0] in _right_values(item)
            chance = 1 / len(choices)
            mean, variance = mean + chance, variance + chance * (1 - chance)
        assert told <= max(1, mean + 2 * variance ** 0.5), (slug, group, told, mean)  # one hit is no tell


def test_the_order_is_the_learners_own_and_the_same_after_a_reload() -> None:
    item = load_lesson("01_trump_ranking").group("is_trump")[0]
    big = next(item for _, _, items in _blocks() for item in items if len(item.question.choices()) >= 4)
    first = [c.value for c in choice_order(big, "Mei")]
    assert first == [c.value for c in choice_order(big, "Mei")]  # a reload shows the same order
    orders = {tuple(c.value for c in choice_order(big, learner)) for learner in LEARNERS[:40]}
    assert len(orders) > 3  # learners see different orders
    two = {tuple(c.value for c in choice_order(item, learner)) for learner in LEARNERS[:40]}
    assert len(item.question.choices()) == 2 and len(two) == 2  # even yes/no comes both ways round


def test_the_number_keys_and_the_buttons_follow_the_learners_order(tmp_path: Path) -> None:
    big = next(item for _, _, items in _blocks() for item in items if len(item.question.choices()) >= 4)
    for learner in ("Mei", "Tom"):
        practice = Practice(ProgressStore.for_learner(learner, tmp_path))
        practice._open(big)
        assert practice.visit is not None
        shown = [c.value for c in practice.visit.choices]
        assert shown == [c.value for c in choice_order(big, learner)] == practice.choice_values()
        html = str(answers_html(practice.visit, "en"))
        assert [html.index(f'data-answer="{value}"') for value in shown] == sorted(
            html.index(f'data-answer="{value}"') for value in shown)
        practice.answer_key(2)
        assert practice.visit.tries == 1 and (practice.visit.solved or practice.visit.answers == [shown[1]])


def test_a_visit_without_a_learner_still_offers_every_choice() -> None:
    item = load_lesson("00_a_round").group("end")[0]
    assert sorted(c.value for c in Visit.of(item).choices) == sorted(c.value for c in item.question.choices())
