"""More like this in lessons 0 and 9–11 (issue 37): after a block's written items the block deals fresh
items of its own idea (lessons 9–11: cashing and drawing, the partner's ideas, the kitty's) or of its own
question (lesson 0: "which team attacks?" in the teams block), never the first written item again; the
block says its written items are done; an item's first answer counts once in the score."""

from __future__ import annotations

import functools

import pytest

from shengji_kit.classroom.store_protocol import ClassStoreAPI
from shengji_kit.engine.cards import Card
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.puzzles.check import verify_puzzle
from shengji_kit.puzzles.kinds import KINDS
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.puzzles.model import Puzzle
from shengji_kit.widgets.exercise import GroupExerciseScene
from shengji_kit.words import Message, text
from widgets.class_env import class_store  # noqa: F401  (fixture)

MORE = 4
"""Dealt items looked at after each block's written items."""
TITLE = {"best_play": "gen_bp_title_{}", "kitty_endgame": "gen_ke_title_{}"}


def right_answer(puzzle: Puzzle) -> str:
    """The item's right answer as the page sends it: the cards' codes for a position answered by playing."""
    answer = getattr(puzzle.question, "answer", None)
    if isinstance(answer, tuple) and answer and all(isinstance(card, Card) for card in answer):
        return " ".join(card.code for card in answer)
    return puzzle.question.expected("en")


def _through_the_written_items(slug: str, group: str) -> tuple[GroupExerciseScene, list[str]]:
    lesson = load_lesson(slug)
    items = lesson.group(group)
    scene = GroupExerciseScene(items, ClassProgress("ann", group=slug), (),
                               functools.partial(lesson.deal, group), seed=5)
    for _ in items:
        assert scene.visit is not None and not scene.dealt
        scene.answer(right_answer(scene.visit.puzzle))
        scene.next_puzzle()
    return scene, [item.id for item in items]


@pytest.mark.parametrize(("slug", "group"), [
    ("09_leading", "lead_well"), ("10_partner", "with_partner"),
    ("11_kitty", "win_the_last_trick"), ("11_kitty", "guard_the_last_trick"),
])
def test_a_strategy_block_deals_its_own_ideas_after_its_written_items(
    slug: str, group: str, class_store: ClassStoreAPI,  # noqa: F811
) -> None:
    scene, written = _through_the_written_items(slug, group)
    kind = load_lesson(slug).group(group)[0].kind
    block_ideas = KINDS[kind].block_ideas
    assert block_ideas is not None
    ideas = block_ideas(group, [])
    titles = {Message(TITLE[kind].format(idea)).render("en"): idea for idea in ideas}
    seen = set()
    for _ in range(MORE):
        assert scene.dealt and scene.visit is not None
        puzzle = scene.visit.puzzle
        assert puzzle.id not in written and puzzle.kind == kind and puzzle.group == group
        assert puzzle.title("en") in titles, (puzzle.title("en"), ideas)
        assert verify_puzzle(puzzle) == []
        seen.add(titles[puzzle.title("en")])
        assert text("ex_dealt_label", "en", total=len(written)) in scene.render("en")
        assert text("ex_dealt_label", "zh", total=len(written)) in scene.render("zh")
        scene.answer(right_answer(puzzle))
        scene.next_puzzle()
    assert len(seen) >= min(2, len(ideas)), "the block's ideas take turns (by seed)"
    assert scene.asked == len(written) + MORE


@pytest.mark.parametrize("group", ["teams", "tricks", "points", "end"])
def test_a_lesson_0_block_deals_its_own_question(group: str, class_store: ClassStoreAPI) -> None:  # noqa: F811
    scene, written = _through_the_written_items("00_a_round", group)
    asks = {item.question.ask for item in load_lesson("00_a_round").group(group)}  # type: ignore[attr-defined]
    for _ in range(MORE):
        assert scene.dealt and scene.visit is not None
        puzzle = scene.visit.puzzle
        assert puzzle.id not in written and puzzle.question.ask in asks  # type: ignore[attr-defined]
        scene.answer(right_answer(puzzle))
        scene.next_puzzle()


def test_an_item_met_again_does_not_count_twice(class_store: ClassStoreAPI) -> None:  # noqa: F811
    lesson = load_lesson("09_leading")
    items = lesson.group("lead_well")[:2]
    scene = GroupExerciseScene(items, ClassProgress("ann", group="09_leading"), ())
    for _ in range(4):  # no deal: the block wraps to its first item
        assert scene.visit is not None
        scene.answer(right_answer(scene.visit.puzzle))
        scene.next_puzzle()
    assert scene.asked == 2
