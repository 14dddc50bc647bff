"""More like this, and no luck streaks: after a block's fixed items it deals fresh ones of the block's kinds,
and after three right first answers on yes/no items the next dealt item cannot be guessed."""

from __future__ import annotations

import random

from shengji_kit.classroom.store_protocol import ClassStoreAPI
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.puzzles.check import verify_puzzle
from shengji_kit.puzzles.lesson_exercises import UNGUESSABLE_TWINS, guessable, load_lesson
from shengji_kit.widgets.exercise import GUESS_STREAK, GroupExerciseScene
from widgets.class_env import class_store  # noqa: F401  (fixture)

SLUG = "01_trump_ranking"


def right_answer(scene: GroupExerciseScene) -> str:
    """The engine's answer to the open item, as its choice value (a yes/no item) or its cards."""
    assert scene.visit is not None
    question = scene.visit.puzzle.question
    for choice in question.choices():
        if question.grade(choice.value).correct:
            return choice.value
    return question.expected("en")


def test_a_streak_of_right_yes_no_answers_is_followed_by_an_item_that_cannot_be_guessed(
    class_store: ClassStoreAPI,  # noqa: F811
) -> None:
    lesson = load_lesson(SLUG)
    items = lesson.group("is_trump")
    assert all(guessable(item) for item in items)
    scene = GroupExerciseScene(items, ClassProgress("ann", group=SLUG), (),
                               lambda rng, hard: lesson.deal("is_trump", rng, hard), seed=3)
    for _ in range(GUESS_STREAK):
        assert scene.visit is not None and guessable(scene.visit.puzzle)
        feedback = scene.answer(right_answer(scene))
        assert feedback is not None and feedback.correct
        scene.next_puzzle()
    while scene.index < len(items):
        scene.answer(right_answer(scene))
        scene.next_puzzle()
    assert scene.dealt and scene.visit is not None
    assert not guessable(scene.visit.puzzle), "after the streak, an item that cannot be guessed"
    assert verify_puzzle(scene.visit.puzzle) == []


def test_every_lesson_block_deals_more_like_this() -> None:
    for slug in [f"0{n}_{name}" for n, name in ((2, "tractors"), (3, "following"), (4, "winning"), (5, "throws"),
                                                (6, "scoring"), (7, "declaring"), (8, "chances"))]:
        lesson = load_lesson(slug)
        for group in lesson.group_names():
            kinds = {item.kind for item in lesson.group(group)}
            rng = random.Random(1)
            dealt = [lesson.deal(group, rng) for _ in range(2 * len(kinds))]
            assert all(item is not None and verify_puzzle(item) == [] for item in dealt), (slug, group)
            twins = {UNGUESSABLE_TWINS[kind] for kind in kinds if kind in UNGUESSABLE_TWINS}
            assert {item.kind for item in dealt if item is not None} <= kinds | twins, (slug, group)
            again = lesson.deal_seeded(group, int(dealt[0].id.split("-")[1]))  # type: ignore[union-attr]
            assert again == dealt[0], "the id deals the same item again"
