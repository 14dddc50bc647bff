"""The trainer widget, sent the messages its JS sends: clicks, keys, the language switch."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from html_tree import Element, parse
from practice.answers import losing_seat, winning_seat

from shengji_kit.apps.trainer.trainer_app import TrainerApp, trainer_app
from shengji_kit.puzzles import Bank
from shengji_kit.widgets.language import SESSION


@pytest.fixture
def app() -> Iterator[TrainerApp]:
    widget = trainer_app("ada")
    yield widget
    widget.close()


def role(html: str, name: str) -> str:
    """The text of the first element with ``data-role=name``."""
    return parse(html).find(data_role=name).text


def page(app: TrainerApp) -> Element:
    return parse(app.html)


def test_the_trainer_draws_its_hooks(app: TrainerApp, bank: Bank) -> None:
    tree = page(app)
    for name in ("trainer", "message", "strip", "feedback"):
        assert tree.has(data_role=name), name
    for action in ("lang", "hint", "show", "next"):
        assert tree.has("button", data_action=action), action
    for puzzle_set in bank.sets:
        assert tree.has("button", data_action="mode", data_value=puzzle_set.id)
    assert app.puzzle_id and app.mode == "auto" and app.stars == 0


def test_clicking_a_wrong_then_the_right_play(app: TrainerApp, bank: Bank) -> None:
    app.handle({"type": "action", "action": "mode", "value": "01-who-wins"})
    puzzle = bank.get(app.puzzle_id)
    assert page(app).has("button", data_answer=str(winning_seat(puzzle)))
    app.handle({"type": "answer", "answer": str(losing_seat(puzzle))})
    wrong = puzzle.check(str(losing_seat(puzzle)))
    feedback = page(app).find(data_role="feedback")
    assert feedback.text.startswith(wrong.verdict("en")) and feedback.attrs["data-kind"] == "error"
    assert puzzle.explanation("en") not in feedback.text, "a wrong answer gives nothing away"
    assert page(app).find(data_answer=str(losing_seat(puzzle))).attrs["data-verdict"] == "wrong"
    SESSION.lang = "zh"
    assert role(app.html, "feedback").startswith(wrong.verdict("zh")) and app.lang == "zh"
    app.handle({"type": "answer", "answer": str(winning_seat(puzzle))})
    assert puzzle.explanation("zh") in role(app.html, "feedback")
    assert "独立做对" not in role(app.html, "result") and app.stars == 0 and app.solved == 1
    app.handle({"type": "action", "action": "lang", "value": "en"})
    assert "Solved." in role(app.html, "result") and SESSION.lang == "en"
    autofocus = page(app).find_all(data_autofocus=True)
    assert [b.attrs["data-action"] for b in autofocus] == ["next"], "the next puzzle takes the focus once solved"


def test_number_keys_answer_and_letters_help(app: TrainerApp, bank: Bank) -> None:
    app.handle({"type": "action", "action": "mode", "value": "03-throws"})
    first = app.puzzle_id
    app.handle({"type": "key", "key": "h"})
    assert bank.get(first).hint("en") in role(app.html, "hint")
    assert app.session.record.star_lost
    app.handle({"type": "key", "key": "1"})
    assert app.session.record.attempts == 1
    app.handle({"type": "key", "key": "n"})
    assert app.puzzle_id != first
    app.handle({"type": "key", "key": "s"})
    assert page(app).has(data_role="showme") and app.session.record.revealed


def test_the_keys_of_a_trick_follow_the_order_of_play(app: TrainerApp, bank: Bank) -> None:
    app.handle({"type": "action", "action": "goto", "value": "win-small-trump-ruffs"})
    puzzle = bank.get("win-small-trump-ruffs")
    position = [seat for seat, _ in puzzle.table.trick].index(winning_seat(puzzle))
    assert page(app).find("button", data_answer=str(winning_seat(puzzle))).attrs["data-key"] == str(position + 1)
    app.handle({"type": "key", "key": str(position + 1)})
    assert app.session.visit is not None and app.session.visit.solved


def test_cards_are_clicked_and_tractors_made(app: TrainerApp) -> None:
    app.handle({"type": "action", "action": "goto", "value": "tractor-two-neighbours"})
    visit = app.session.visit
    assert visit is not None
    hearts = [i for i, card in enumerate(visit.draft.cards) if card.suit == "H"]
    for index in hearts:
        app.handle({"type": "click", "card": visit.draft.cards[index].code, "index": index})
    pick = page(app).find(data_role="pick")
    pressed = {int(b.attrs["data-index"]) for b in pick.find_all("button", aria_pressed="true")}
    assert pressed == set(hearts)
    app.handle({"type": "action", "action": "group"})
    assert page(app).has(data_role="group")
    app.handle({"type": "action", "action": "check"})
    assert visit.solved and page(app).find(data_role="feedback").attrs["data-kind"] == "ok"


def test_a_typed_number_is_submitted(app: TrainerApp) -> None:
    app.handle({"type": "action", "action": "goto", "value": "count-multiplier-pair"})
    assert page(app).has("input", data_role="number")
    app.handle({"type": "action", "action": "submit", "value": "x"})
    assert "Type a whole number" in role(app.html, "control-message")
    app.handle({"type": "action", "action": "submit", "value": "3"})
    assert page(app).find(data_role="feedback").attrs["data-kind"] == "error"
    assert page(app).find("input", data_role="number").attrs["value"] == "3"


def test_show_me_steps_through_an_endgame(app: TrainerApp) -> None:
    app.handle({"type": "action", "action": "goto", "value": "endgame-make-them-lead"})
    app.handle({"type": "action", "action": "show"})
    showme = page(app).find(data_role="showme")
    steps = int(showme.attrs["data-steps"])
    assert showme.attrs["data-step"] == "1" and page(app).has(data_role="showme-trick")
    for step in range(2, steps + 1):
        app.handle({"type": "action", "action": "show"})
        assert page(app).find(data_role="showme").attrs["data-step"] == str(step)
    showme = page(app).find(data_role="showme")
    assert "Next trick" not in showme.text and "The answer:" in showme.text


def test_a_corrupted_file_is_reported_in_the_learners_language(data_folder: Path) -> None:
    path = data_folder / "progress" / "ada.json"
    path.parent.mkdir(parents=True)
    path.write_text("\x00garbage")
    widget = trainer_app("ada")
    try:
        message = role(widget.html, "message")
        assert "set aside" in message and "ada.json.corrupt-" in message
        SESSION.lang = "zh"
        assert "损坏" in role(widget.html, "message")
    finally:
        widget.close()


def test_an_unwritable_folder_is_reported_without_a_crash(data_folder: Path, bank: Bank) -> None:
    data_folder.parent.mkdir(parents=True, exist_ok=True)
    data_folder.write_text("not a folder")
    widget = trainer_app("ada")
    try:
        widget.handle({"type": "action", "action": "goto", "value": "win-highest-card"})
        widget.handle({"type": "answer", "answer": str(winning_seat(bank.get("win-highest-card")))})
        assert "could not be saved" in role(widget.html, "message")
        assert parse(widget.html).find(data_role="feedback").attrs["data-kind"] == "ok"
    finally:
        widget.close()


@pytest.mark.parametrize(
    "message",
    [{"type": "click", "index": 99}, {"type": "click", "index": "x"}, {"type": "key", "key": "9"},
     {"type": "action", "action": "goto", "value": "nope"}, {"type": "action", "action": "ungroup", "value": "7"},
     {"type": "action", "action": "dance"}, {"type": "answer", "answer": "not a seat"}, {}],
)
def test_odd_messages_change_nothing_they_should_not(app: TrainerApp, message: dict[str, object]) -> None:
    before = app.puzzle_id
    app.handle(message)
    assert app.puzzle_id == before
    assert page(app).has(data_role="trainer")
