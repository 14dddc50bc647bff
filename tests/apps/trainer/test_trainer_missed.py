"""The trainer's "what you missed" (7 and 30 days, newest first, replayable one by one) and its
"practise my weakest set" button, driven from Python against a real SQLite class store."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from html_tree import Element, parse
from practice.answers import winning_seat
from widgets.class_env import class_store  # noqa: F401  # fixture, by name

from shengji_kit.apps.trainer.trainer_app import TrainerApp, trainer_app
from shengji_kit.classroom.store_protocol import ATTEMPT, HINT, SOLVE, STAR, ClassEvent, ClassStoreAPI
from shengji_kit.puzzles import Bank, Puzzle
from shengji_kit.widgets.language import SESSION

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
WHO_WINS, THROWS, COUNTING = "01-who-wins", "03-throws", "06-counting"


def at(days: float) -> datetime:
    return NOW - timedelta(days=days)


def wrong(learner: str, puzzle: Puzzle, days: float) -> list[ClassEvent]:
    return [ClassEvent(learner, puzzle.id, puzzle.set_id, ATTEMPT, at(days), "x", False)]


def right(learner: str, puzzle: Puzzle, days: float) -> list[ClassEvent]:
    return [ClassEvent(learner, puzzle.id, puzzle.set_id, ATTEMPT, at(days), "y", True),
            ClassEvent(learner, puzzle.id, puzzle.set_id, SOLVE, at(days)),
            ClassEvent(learner, puzzle.id, puzzle.set_id, STAR, at(days))]


def hint(learner: str, puzzle: Puzzle, days: float) -> list[ClassEvent]:
    return [ClassEvent(learner, puzzle.id, puzzle.set_id, HINT, at(days))]


def open_trainer(bank: Bank, mode: str = WHO_WINS) -> TrainerApp:
    app = trainer_app("ada", mode=mode, bank=bank)
    app.session.clock = lambda: NOW
    app.redraw()
    return app


@pytest.fixture
def app(bank: Bank) -> Iterator[TrainerApp]:
    widget = open_trainer(bank)
    yield widget
    widget.close()


def press(app: TrainerApp, action: str, value: str = "") -> None:
    app.handle({"type": "action", "action": action, "value": value})


def listed(app: TrainerApp) -> list[Element]:
    return parse(app.html).find(data_role="missed-list").find_all("li")


@pytest.fixture
def history(bank: Bank, class_store: ClassStoreAPI) -> dict[str, Puzzle]:  # noqa: F811
    """Ada's first tries over six weeks (and bo's, which are not hers)."""
    throws, counting, who = (list(bank.get_set(s).puzzles) for s in (THROWS, COUNTING, WHO_WINS))
    puzzles = {"recent": throws[0], "helped": counting[0], "old": throws[1], "right": counting[1],
               "right_then_wrong": counting[2], "solved_since": who[3], "bo": throws[2]}
    class_store.record([
        *wrong("ada", puzzles["recent"], 2),
        *hint("ada", puzzles["helped"], 10), *right("ada", puzzles["helped"], 9.9),  # help first: a loss
        *wrong("ada", puzzles["old"], 40),
        *right("ada", puzzles["right"], 1),
        *right("ada", puzzles["right_then_wrong"], 3), *wrong("ada", puzzles["right_then_wrong"], 1),
        *wrong("ada", puzzles["solved_since"], 5), *right("ada", puzzles["solved_since"], 4),
        *wrong("bo", puzzles["bo"], 1),
    ])
    return puzzles


def test_missed_lists_lost_first_tries_of_7_and_30_days_newest_first(
    history: dict[str, Puzzle], app: TrainerApp, bank: Bank
) -> None:
    tree = parse(app.html)
    toggle = tree.find(data_role="missed-toggle")
    assert toggle.tag == "button" and toggle.attrs["aria-expanded"] == "false" and not tree.has(data_role="missed-list")
    assert toggle.attrs["data-action"] == "missed-list"
    press(app, "missed", "7")
    assert [li.attrs["data-item"] for li in listed(app)] == [history["recent"].id, history["solved_since"].id]
    first, second = listed(app)
    assert first.attrs["data-set"] == THROWS and first.attrs["data-at"] == at(2).isoformat()
    assert first.text == (f"Replay: {history['recent'].title('en')} "
                          f"{bank.get_set(THROWS).title('en')} · 2 days ago")
    assert second.text.endswith("5 days ago solved since")
    assert parse(app.html).find(data_role="missed-toggle").attrs["aria-expanded"] == "true"
    press(app, "missed", "30")
    assert [li.attrs["data-item"] for li in listed(app)] == [
        history["recent"].id, history["solved_since"].id, history["helped"].id]
    periods = parse(app.html).find(data_role="missed-periods").find_all("button")
    pressed = {b.text: b.attrs["aria-pressed"] for b in periods}
    assert pressed == {"Last 7 days": "false", "Last 30 days": "true"}
    SESSION.lang = "zh"
    third = listed(app)[2]
    assert third.text == (f"重做：{history['helped'].title('zh')} {bank.get_set(COUNTING).title('zh')} · 10 天前 "
                          "之后已解出"), "help before the first try is a miss; solved after it"
    press(app, "missed-list")  # the "What you missed" button again: closed
    assert not parse(app.html).has(data_role="missed-list")
    assert parse(app.html).find(data_role="missed-toggle").attrs["aria-expanded"] == "false"
    press(app, "missed-list")  # and open again, on the first period
    assert len(listed(app)) == 2


def test_a_wrong_answer_now_is_missed_today_and_an_empty_period_says_so(app: TrainerApp, bank: Bank,
                                                                       class_store: ClassStoreAPI) -> None:  # noqa: F811
    press(app, "missed", "7")
    assert parse(app.html).find(data_role="missed-none").text == "Nothing missed in the last 7 days."
    puzzle = bank.get(app.puzzle_id)
    loser = next(seat for seat, _ in puzzle.table.trick if seat != winning_seat(puzzle))
    app.session.clock = lambda: datetime.now(UTC)
    app.handle({"type": "answer", "answer": str(loser)})
    (item,) = listed(app)
    assert item.attrs["data-item"] == puzzle.id and item.text.endswith("· today")
    SESSION.lang = "zh"
    assert listed(app)[0].text.endswith("· 今天")


def test_replaying_a_missed_puzzle_opens_it_and_next_goes_on_through_the_list(
    history: dict[str, Puzzle], app: TrainerApp
) -> None:
    press(app, "missed", "30")
    target = history["solved_since"]
    button = listed(app)[1].find("button")
    assert button.attrs["data-action"] == "replay" and button.attrs["data-value"] == target.id
    press(app, "replay", target.id)
    assert app.puzzle_id == target.id and app.mode == WHO_WINS
    assert parse(app.html).find(data_role="puzzle").attrs["data-puzzle"] == target.id
    assert listed(app)[1].attrs.get("aria-current") == "true"
    press(app, "next")
    assert app.puzzle_id == history["helped"].id and app.mode == COUNTING, "the next older missed puzzle, in its set"
    press(app, "next")
    assert app.puzzle_id != history["helped"].id and app.session.replay_queue == [], "the list is done"
    press(app, "replay", history["right"].id)  # not a missed puzzle: nothing opens
    assert app.puzzle_id != history["right"].id


def test_a_replayed_puzzle_is_a_normal_puzzle_and_no_new_game(history: dict[str, Puzzle], app: TrainerApp) -> None:
    press(app, "missed", "7")
    target = history["recent"]
    before = app.session.ratings.learner("ada")
    press(app, "replay", target.id)
    assert app.puzzle_id == target.id and parse(app.html).find(data_role="puzzle").attrs["data-kind"] == target.kind
    press(app, "show")
    assert parse(app.html).has(data_role="showme")
    assert app.session.ratings.learner("ada") == before, "a later try is no game"
    assert not parse(app.html).has(data_role="rating-moved")


def test_the_weakest_set_button_opens_that_set(history: dict[str, Puzzle], app: TrainerApp, bank: Bank) -> None:
    ratings = app.session.ratings
    assert ratings.weakest_theme("ada") == THROWS
    assert ratings.theme("ada", THROWS).rating < ratings.theme("ada", COUNTING).rating
    button = parse(app.html).find(data_role="weakest")
    assert button.tag == "button" and button.attrs["data-action"] == "weakest"
    assert button.text == f"Practise my weakest set: {bank.get_set(THROWS).title('en')}"
    SESSION.lang = "zh"
    assert parse(app.html).find(data_role="weakest").text == f"练习我最弱的题组：{bank.get_set(THROWS).title('zh')}"
    press(app, "weakest")
    assert app.mode == THROWS and bank.get(app.puzzle_id).set_id == THROWS
    modes = parse(app.html).find(data_role="modes")
    assert modes.find("button", data_value=THROWS).attrs["aria-pressed"] == "true"


def test_no_weakest_set_button_before_two_sets_are_played(bank: Bank, class_store: ClassStoreAPI) -> None:  # noqa: F811
    class_store.record(wrong("ada", bank.get_set(THROWS).puzzles[0], 1))
    app = open_trainer(bank)
    try:
        assert app.session.ratings.weakest_theme("ada") == THROWS
        assert not parse(app.html).has(data_role="weakest")
        press(app, "weakest")
        assert app.mode == WHO_WINS, "nothing to compare: the button is not there, the action does nothing"
    finally:
        app.close()
