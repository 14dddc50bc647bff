"""Lesson 11's burying practice: the learner clicks 8 of the dealer's 33 cards; every bury is graded by the
evaluation against its proven best, and "more like this" deals other hands without end, per learner."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from shengji_kit.apps.lessons import kitty_lesson
from shengji_kit.coach.bury_search import exact_best_bury
from shengji_kit.coach.bury_value import KITTY_SIZE, best_bury, bury_value
from shengji_kit.practice.event_log import ProgressStore
from shengji_kit.practice.kitty_bury import FIRST_HAND, bury_deal, bury_puzzle, bury_seed, deal_hand
from shengji_kit.puzzles.kinds.bury import best_bury as lesson_seven_bury
from shengji_kit.widgets.exercise import GroupExerciseScene


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress and the class store go to a fresh folder, never the real home."""
    monkeypatch.setenv("SHENGJI_KIT_DATA_DIR", str(tmp_path / "data"))


def codes(cards: object) -> str:
    return " ".join(card.code for card in cards)  # type: ignore[attr-defined]


def test_a_hand_is_dealt_as_the_dealer_holds_it_with_the_trump_and_level_stated() -> None:
    trump, hand = deal_hand(FIRST_HAND)
    assert len(hand) == 33 and max(hand.count(card) for card in hand) <= 2
    puzzle = bury_puzzle(FIRST_HAND)
    assert puzzle.prompt("en").startswith(f"Level {trump.level}, ") and "33 cards" in puzzle.prompt("en")
    assert puzzle.prompt("zh").startswith(f"打{trump.level}，")
    assert puzzle.table.hand(0) == hand and puzzle.question.answer_format == "cards"


def test_two_hundred_seeded_hands_are_distinct_and_every_one_is_graded() -> None:
    rng = random.Random(2026)
    hands = set()
    for _ in range(200):
        puzzle = bury_deal(rng)
        question = puzzle.question
        hand, trump = question.hand, question.trump  # type: ignore[attr-defined]
        hands.add((trump, tuple(sorted(card.index for card in hand))))
        best, value = question.best  # type: ignore[attr-defined]
        assert value == bury_value(hand, best, trump)
        assert value.total >= best_bury(hand, trump)[1].total  # never below the quicker search
        right = puzzle.check(codes(best))
        assert right.correct and right.lines[0].code == "kittyl_bury_right"
        other = random.Random(len(hands)).sample(list(hand), KITTY_SIZE)
        graded = puzzle.check(codes(other))
        gap = value.total - bury_value(hand, other, trump).total
        assert graded.correct == (gap == 0)
        if gap:
            figures = [line.params["figure"] for line in graded.lines[1:]]
            assert sum(int(f.replace("−", "-")) for f in figures) == -gap  # the parts add up to the gap
    assert len(hands) == 200


def test_the_first_hand_teaches_what_lesson_sevens_score_misses() -> None:
    puzzle = bury_puzzle(FIRST_HAND)
    hand, trump = puzzle.question.hand, puzzle.question.trump  # type: ignore[attr-defined]
    older = lesson_seven_bury(hand, trump)[0]
    graded = puzzle.check(codes(older))
    assert not graded.correct
    parts = [line.code for line in graded.lines]
    assert "kittyl_part_tractors" in parts and "kittyl_part_pairs" in parts
    assert exact_best_bury(hand, trump)[1].voids  # the best bury empties a suit


def test_wrong_counts_and_cards_not_held_are_refused_not_graded() -> None:
    puzzle = bury_puzzle(FIRST_HAND)
    hand = puzzle.question.hand  # type: ignore[attr-defined]
    assert puzzle.check(codes(hand[:7])).refused
    held = [card.code for card in hand[:7]]
    absent = next(card for card in bury_puzzle(3).table.hand(0) if card not in hand)
    refused = puzzle.check(" ".join([*held, absent.code]))
    assert refused.refused and refused.lines[0].code == "not_in_hand"


def test_the_block_is_answered_by_clicking_cards_then_deals_more_without_end() -> None:
    store = ProgressStore.for_learner("ada")
    scene = GroupExerciseScene([bury_puzzle(FIRST_HAND)], store, (), bury_deal, bury_seed("ada"))
    visit = scene.visit
    assert visit is not None
    best = visit.puzzle.question.best[0]  # type: ignore[attr-defined]
    cards = list(visit.draft.cards)
    chosen: list[int] = []
    for card in best:  # click the best bury's cards, one copy each
        chosen.append(next(i for i, held in enumerate(cards) if held == card and i not in chosen))
    for index in chosen[:-1]:
        scene.handle({"type": "click", "index": index, "card": cards[index].code})
    scene.handle({"type": "action", "action": "check"})
    assert scene.feedback is None and visit.control_notice is not None  # 7 cards: pick 8 first, no try counted
    scene.handle({"type": "click", "index": chosen[-1], "card": cards[chosen[-1]].code})
    scene.handle({"type": "action", "action": "check"})
    assert scene.feedback is not None and scene.feedback.correct
    html = scene.render("en")
    assert "as much as the best bury can" in html and 'data-kind="ok"' in html
    assert "和最好的盖法" in scene.render("zh")
    seen = {visit.puzzle.id}
    for _ in range(3):
        scene.handle({"type": "action", "action": "next"})
        assert scene.dealt and scene.visit is not None and scene.visit.puzzle.id not in seen
        seen.add(scene.visit.puzzle.id)


def test_each_learner_gets_their_own_run_of_hands_the_same_after_a_reload() -> None:
    assert bury_seed("ada") == bury_seed("ada") != bury_seed("bo")
    first = bury_deal(random.Random(bury_seed("ada")))
    again = bury_deal(random.Random(bury_seed("ada")))
    other = bury_deal(random.Random(bury_seed("bo")))
    assert first.id == again.id != other.id


def test_the_lesson_cell_builds_the_block() -> None:
    block = kitty_lesson.bury_practice(seed=4)
    scene = block.scene
    assert isinstance(scene, GroupExerciseScene)
    assert scene.visit is not None and scene.visit.puzzle.id == bury_puzzle(FIRST_HAND).id
