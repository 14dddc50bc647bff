"""The trainer says the learner's rating in words, in both languages, and its choice aims at the rating."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from html_tree import parse
from practice.answers import losing_seat, winning_seat

from shengji_kit.apps.trainer.trainer_app import TrainerApp, trainer_app
from shengji_kit.practice import AUTO, ProgressStore, TrainerSession
from shengji_kit.practice.events import ATTEMPT, SOLVE, STAR
from shengji_kit.practice.rating import Rating, rate_attempt
from shengji_kit.practice.ratings_from_events import puzzle_start
from shengji_kit.puzzles import Bank, Puzzle
from shengji_kit.puzzles.bank import trainer_bank
from shengji_kit.widgets.language import SESSION

WHO_WINS = "01-who-wins"


@pytest.fixture
def app() -> Iterator[TrainerApp]:
    widget = trainer_app("ada", mode=WHO_WINS)
    yield widget
    widget.close()


def role(app: TrainerApp, name: str) -> str:
    return parse(app.html).find(data_role=name).text


def about(rating: Rating) -> int:
    return int(round(rating.rating / 10) * 10)


def test_a_first_right_answer_shows_the_rating_moving_up_in_english_and_chinese(app: TrainerApp, bank: Bank) -> None:
    assert role(app, "rating") == "No rating yet: your first try at each puzzle counts towards it."
    assert not parse(app.html).has(data_role="rating-moved")
    puzzle = bank.get(app.puzzle_id)
    app.handle({"type": "answer", "answer": str(winning_seat(puzzle))})
    after, _ = rate_attempt(Rating(), puzzle_start(puzzle.difficulty), True)
    points = round(after.rating - 1500)
    assert after.deviation >= 250 and points > 0
    assert role(app, "rating-moved") == f"Rating: about {about(after)}, up {points} (a first guess)."
    assert role(app, "rating").startswith(f"Your rating: about {about(after)}, a first guess.")
    assert f"In this set: about {about(after)}, a first guess." in role(app, "rating")
    SESSION.lang = "zh"
    assert role(app, "rating-moved") == f"等级分：约 {about(after)}，升了 {points}（只是初步估计）。"
    assert role(app, "rating").startswith(f"你的等级分：约 {about(after)}，只是初步估计。")
    assert f"这个题组：约 {about(after)}，只是初步估计。" in role(app, "rating")


def test_only_the_first_try_moves_the_rating(app: TrainerApp, bank: Bank) -> None:
    puzzle = bank.get(app.puzzle_id)
    app.handle({"type": "answer", "answer": str(losing_seat(puzzle))})
    after, _ = rate_attempt(Rating(), puzzle_start(puzzle.difficulty), False)
    points = round(1500 - after.rating)
    said = f"Rating: about {about(after)}, down {points} (a first guess)."
    assert role(app, "rating-moved") == said
    app.handle({"type": "answer", "answer": str(winning_seat(puzzle))})
    assert role(app, "rating-moved") == said, "the second try is no game"
    app.handle({"type": "action", "action": "next", "value": ""})
    assert not parse(app.html).has(data_role="rating-moved"), "a new puzzle: nothing said until its first try"
    assert role(app, "rating").startswith(f"Your rating: about {about(after)}, a first guess.")


def test_the_rating_settles_in_words_as_games_add_up(bank: Bank, store: ProgressStore) -> None:
    for puzzle in bank.puzzles()[:12]:
        store.record(puzzle.id, [ATTEMPT, SOLVE, STAR])
    session = TrainerSession(bank, ProgressStore.for_learner("ada"))
    deviation = session.ratings.learner("ada").deviation
    assert 80 <= deviation < 150
    app = TrainerApp(session)
    try:
        assert "fairly sure" in role(app, "rating")
        SESSION.lang = "zh"
        assert "比较可靠" in role(app, "rating")
    finally:
        app.close()


def strong_learner(bank: Bank, store: ProgressStore) -> list[Puzzle]:
    """Log first-try wins on the hardest puzzles of the hand-written sets: a rating well above 1500."""
    hardest = [p for p in bank.puzzles() if p.difficulty == 5 and not p.set_id.startswith("mined-")][:5]
    for puzzle in hardest:
        store.record(puzzle.id, [ATTEMPT, SOLVE, STAR])
    return hardest


def test_trainers_choice_serves_near_the_rating(bank: Bank, store: ProgressStore) -> None:
    fresh = TrainerSession(bank, ProgressStore.for_learner("newcomer"))
    assert fresh.puzzle is not None and fresh.puzzle.difficulty == 1, "before any game: the easiest first"
    strong_learner(bank, store)
    session = TrainerSession(bank, ProgressStore.for_learner("ada"), AUTO)
    target = session.ratings.learner("ada").rating
    assert target > 1700
    chosen = session.puzzle
    assert chosen is not None and not session.progress.get(chosen.id).solved
    distance = abs(session.ratings.puzzle(chosen.id).rating - target)
    unsolved = [p for p in bank.puzzles() if not session.progress.get(p.id).solved]
    assert distance == min(abs(session.ratings.puzzle(p.id).rating - target) for p in unsolved)
    assert chosen.difficulty >= 4


def test_a_theme_set_serves_near_the_learners_rating_in_it(store: ProgressStore) -> None:
    mined = trainer_bank()
    theme = "mined-ruff"
    puzzles = list(mined.get_set(theme).puzzles)
    easy = [p for p in puzzles if p.difficulty == 1][:2]
    for puzzle in easy:  # fails on the easiest of the theme: a low rating in it
        store.record(puzzle.id, [ATTEMPT])
    session = TrainerSession(mined, ProgressStore.for_learner("ada"), theme)
    target = session.ratings.theme("ada", theme).rating
    assert target < 1300 and session.rating_target() == target
    chosen = session.puzzle
    assert chosen is not None and chosen.set_id == theme
    distance = abs(session.ratings.puzzle(chosen.id).rating - target)
    unsolved = [p for p in puzzles if not session.progress.get(p.id).solved]
    assert distance == min(abs(session.ratings.puzzle(p.id).rating - target) for p in unsolved)
    session.choose_mode(WHO_WINS)  # a hand-written set keeps its order
    assert session.puzzle is not None and session.puzzle.id == mined.get_set(WHO_WINS).puzzles[0].id


def test_trainers_choice_names_the_weakest_set(bank: Bank, store: ProgressStore) -> None:
    wins = list(bank.get_set("06-counting").puzzles)[:3]
    losses = list(bank.get_set("03-throws").puzzles)[:3]
    for puzzle in wins:
        store.record(puzzle.id, [ATTEMPT, SOLVE, STAR])
    for puzzle in losses:
        store.record(puzzle.id, [ATTEMPT])
    app = TrainerApp(TrainerSession(bank, ProgressStore.for_learner("ada"), AUTO))
    try:
        throws = bank.get_set("03-throws")
        assert app.session.ratings.weakest_theme("ada") == "03-throws"
        assert f"Your weakest set so far: {throws.title('en')}." in role(app, "rating")
        SESSION.lang = "zh"
        assert f"目前最弱的题组：{throws.title('zh')}。" in role(app, "rating")
    finally:
        app.close()
