"""The hooks the widgets' accessibility rests on (issue 20): cards named by their face, answers named
by what they show, what the live region says (a verdict, a table's news, each new one once), Hint
disabled once shown, a focusable game log."""

from __future__ import annotations

from html_tree import Element, parse
from practice.answers import losing_answer, trick_puzzles, winning_answer

from shengji_kit import parse_cards
from shengji_kit.classroom.store_protocol import ClassStoreAPI
from shengji_kit.game.bots import RandomBot
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.render.hands import card_button
from shengji_kit.widgets.exercise import GroupExerciseScene
from shengji_kit.words.catalogue import text
from widgets.class_env import class_store  # noqa: F401  (fixture)
from widgets.helpers import controller, take_turn


def test_a_card_button_is_named_by_its_face_not_over_its_ranks() -> None:
    """The corner ranks are visible text: a button aria-label would leave them out of its name."""
    card = parse_cards("D9")[0]
    button = parse(str(card_button(card, 0, ("selected",), "zh"))).find("button")
    face = button.find("svg")
    assert "aria-label" not in button.attrs and button.attrs["aria-pressed"] == "true"
    assert face.attrs["role"] == "img" and face.attrs["aria-label"] == card.name("zh")


def test_an_exercise_says_each_verdict_once_and_hint_disables_itself(class_store: ClassStoreAPI) -> None:  # noqa: F811
    puzzle = trick_puzzles()[0]
    block = GroupExerciseScene([puzzle], ClassProgress("ann", group="01-who-wins"))

    def panel() -> Element:
        return parse(block.render("en")).find(data_role="exercise")

    first = panel()
    assert first.attrs["data-announce"] == ""
    assert all("aria-label" not in answer.attrs for answer in first.find_all("button", data_answer=True))
    block.handle({"type": "answer", "answer": losing_answer(puzzle)})
    wrong = panel()
    assert text("puzzle_wrong", "en") in wrong.attrs["data-announce"]
    assert text("trainer_try_again", "en") in wrong.attrs["data-announce"]
    assert wrong.attrs["data-announce-key"] != first.attrs["data-announce-key"]
    block.handle({"type": "answer", "answer": losing_answer(puzzle)})  # the same words again: a new key
    assert panel().attrs["data-announce-key"] != wrong.attrs["data-announce-key"]
    assert "disabled" not in panel().find("button", data_action="hint").attrs
    block.handle({"type": "action", "action": "hint", "value": ""})
    assert "disabled" in panel().find("button", data_action="hint").attrs
    block.handle({"type": "answer", "answer": winning_answer(puzzle)})
    assert puzzle.explanation("en") in panel().attrs["data-announce"]
    assert "<" not in panel().attrs["data-announce"], "the live region says text, not markup"


def test_the_table_says_each_new_note_and_its_log_takes_focus() -> None:
    ctrl = controller(seed=5)
    chooser, keys = RandomBot(5), set()
    for _ in range(60):
        if ctrl.round.result is not None:
            break
        take_turn(ctrl, chooser, ctrl.handle)
        table = parse(ctrl.render("en")).find(data_role="table")
        if table.attrs["data-announce-key"]:
            keys.add(table.attrs["data-announce-key"])
            assert table.attrs["data-announce"] == table.find(data_role="message").text.strip()
    assert len(keys) > 3, "every trick's note is a new announcement"
    lines = parse(ctrl.render("en")).find("ol", cls="sk-log-lines")
    assert lines.attrs["tabindex"] == "0" and lines.attrs["aria-label"]
