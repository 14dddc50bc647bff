"""The trainer widget, sent the messages its JS sends: clicks, keys, the language switch."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape
from pathlib import Path

import pytest

from shengji_kit.puzzles import Bank
from shengji_kit.widgets.language import SESSION
from shengji_kit.widgets.trainer_app import TrainerApp, trainer_app

from .answers import losing_seat, winning_seat


@pytest.fixture
def app() -> Iterator[TrainerApp]:
    widget = trainer_app("ada")
    yield widget
    widget.close()


def role(html: str, name: str) -> str:
    """The inner HTML of the first element with ``data-role=name``."""
    match = re.search(rf'data-role="{name}"[^>]*>(.*?)</div>', html, re.S)
    assert match, f"no data-role={name}"
    return match.group(1)


def test_the_trainer_draws_its_hooks(app: TrainerApp, bank: Bank) -> None:
    html = app.html
    for hook in ('data-role="trainer"', 'data-action="lang"', 'data-role="message"', 'data-role="strip"',
                 'data-action="hint"', 'data-action="show"', 'data-action="next"', 'data-role="feedback"'):
        assert hook in html
    for puzzle_set in bank.sets:
        assert f'data-action="mode" data-value="{puzzle_set.id}"' in html
    assert app.puzzle_id and app.mode == "auto" and app.stars == 0


def test_clicking_a_wrong_then_the_right_play(app: TrainerApp, bank: Bank) -> None:
    app.handle({"type": "action", "action": "mode", "value": "01-who-wins"})
    puzzle = bank.get(app.puzzle_id)
    assert f'data-answer="{winning_seat(puzzle)}"' in app.html
    app.handle({"type": "answer", "answer": str(losing_seat(puzzle))})
    wrong = puzzle.check(str(losing_seat(puzzle)))
    assert escape(wrong.message("en").strip()) in app.html
    assert 'data-kind="error"' in app.html and 'data-verdict="wrong"' in app.html
    SESSION.lang = "zh"
    assert escape(wrong.message("zh").strip()) in app.html and app.lang == "zh"
    app.handle({"type": "answer", "answer": str(winning_seat(puzzle))})
    assert escape(puzzle.explanation("zh")) in app.html
    assert "独立做对" in app.html and app.stars == 1 and app.solved == 1
    app.handle({"type": "action", "action": "lang", "value": "en"})
    assert "Solved on your own" in app.html and SESSION.lang == "en"
    assert "data-autofocus" in app.html, "the next-puzzle button takes the focus once solved"


def test_number_keys_answer_and_letters_help(app: TrainerApp, bank: Bank) -> None:
    app.handle({"type": "action", "action": "mode", "value": "03-throws"})
    first = app.puzzle_id
    app.handle({"type": "key", "key": "h"})
    assert escape(bank.get(first).hint("en")) in app.html
    assert app.session.record.star_lost
    app.handle({"type": "key", "key": "1"})
    assert app.session.record.attempts == 1
    app.handle({"type": "key", "key": "n"})
    assert app.puzzle_id != first
    app.handle({"type": "key", "key": "s"})
    assert 'data-role="showme"' in app.html and app.session.record.revealed


def test_the_keys_of_a_trick_follow_the_order_of_play(app: TrainerApp, bank: Bank) -> None:
    app.handle({"type": "action", "action": "goto", "value": "win-small-trump-ruffs"})
    puzzle = bank.get("win-small-trump-ruffs")
    position = [seat for seat, _ in puzzle.table.trick].index(winning_seat(puzzle))
    assert f'data-answer="{winning_seat(puzzle)}" data-key="{position + 1}"' in app.html
    app.handle({"type": "key", "key": str(position + 1)})
    assert app.session.visit is not None and app.session.visit.solved


def test_cards_are_clicked_and_tractors_made(app: TrainerApp) -> None:
    app.handle({"type": "action", "action": "goto", "value": "tractor-two-neighbours"})
    visit = app.session.visit
    assert visit is not None
    hearts = [i for i, card in enumerate(visit.draft.cards) if card.suit == "H"]
    for index in hearts:
        app.handle({"type": "click", "card": visit.draft.cards[index].code, "index": index})
    assert app.html.count('aria-pressed="true"') >= len(hearts)
    app.handle({"type": "action", "action": "group"})
    assert 'data-role="group"' in app.html
    app.handle({"type": "action", "action": "submit"})
    assert visit.solved and 'data-kind="ok"' in app.html


def test_a_typed_number_is_submitted(app: TrainerApp) -> None:
    app.handle({"type": "action", "action": "goto", "value": "count-multiplier-pair"})
    assert 'data-role="number"' in app.html
    app.handle({"type": "action", "action": "submit", "value": "x"})
    assert "Type a whole number" in app.html
    app.handle({"type": "action", "action": "submit", "value": "3"})
    assert 'data-kind="error"' in app.html and 'value="3"' in app.html


def test_show_me_steps_through_an_endgame(app: TrainerApp) -> None:
    app.handle({"type": "action", "action": "goto", "value": "endgame-make-them-lead"})
    app.handle({"type": "action", "action": "show"})
    steps = int(re.search(r'data-steps="(\d+)"', app.html).group(1))  # type: ignore[union-attr]
    assert 'data-step="1"' in app.html and 'data-role="showme-trick"' in app.html
    for step in range(2, steps + 1):
        app.handle({"type": "action", "action": "show"})
        assert f'data-step="{step}"' in app.html
    assert "Next trick" not in app.html and "The answer:" in app.html


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
        assert 'data-kind="ok"' in widget.html
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
    assert 'data-role="trainer"' in app.html
