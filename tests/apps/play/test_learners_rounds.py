"""Each learner's round in a file of their own: the play app follows the kernel's learner (the learner
bar), offers only that learner's saved round, and leaves the previous learner's file alone. A damaged
saved round is set aside and said once; a round that cannot be saved is said on the page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from html_tree import parse
from widgets.helpers import take_turn

from shengji_kit.apps.play._round_keeper import RoundKeeper
from shengji_kit.apps.play.play_app import PlayApp, play_app
from shengji_kit.classroom.identity import reset_current_learner, set_current_learner
from shengji_kit.game.bots import RuleBot
from shengji_kit.game.saved_round import SavedMatch, saved_match_path
from shengji_kit.widgets.language import SESSION
from shengji_kit.widgets.surface import CardSurface
from shengji_kit.words.catalogue import text


@pytest.fixture(autouse=True)
def fresh_kernel() -> Iterator[None]:
    """Every test starts as a fresh kernel would: no learner chosen, no page following one."""
    reset_current_learner()
    yield
    reset_current_learner()


def scene(widget: CardSurface) -> PlayApp:
    app = widget.scene
    assert isinstance(app, PlayApp)
    return app


def move(widget: CardSurface, times: int = 1, seed: int = 3) -> None:
    """The learner makes ``times`` moves on the page, as the browser sends them."""
    chooser = RuleBot(seed)
    for _ in range(times):
        take_turn(scene(widget).controller, chooser, widget.handle)


def actions(app: PlayApp) -> tuple[object, ...]:
    return tuple(app.controller.round.actions)


def saved(path: Path) -> SavedMatch:
    return SavedMatch.from_json(json.loads(path.read_text(encoding="utf-8")))


def test_each_learner_is_offered_only_their_own_round(data_folder: Path) -> None:
    widget = play_app(seed=4, delay=0)
    app = scene(widget)
    set_current_learner("Ann")  # the learner bar read the name from the browser
    move(widget, 3)
    ann_hand, ann_actions = app.controller.round.view(0).hand, actions(app)
    ann_file = saved_match_path(data_folder, "Ann")
    assert saved(ann_file).open_round == ann_actions

    set_current_learner("Bo")  # the name is switched on the same page
    assert 'data-role="resume-offer"' not in widget.html, "Bo never played: nothing to resume"
    assert all(seat != 0 for seat, _ in actions(app))
    move(widget, 2, seed=8)
    bo_file = saved_match_path(data_folder, "Bo")
    assert bo_file != ann_file and saved(bo_file).open_round == actions(app)
    assert saved(ann_file).open_round == ann_actions, "Bo's moves never reach Ann's file"
    assert not saved_match_path(data_folder, "default").exists(), "no move was made before a name was chosen"

    set_current_learner("Ann")
    assert 'data-role="resume-offer"' in widget.html
    widget.handle({"type": "action", "action": "resume", "value": ""})
    assert app.controller.round.view(0).hand == ann_hand and actions(app) == ann_actions
    move(widget)
    assert len(saved(ann_file).open_round) > len(ann_actions), "Ann's resumed round goes on being saved"
    assert saved(bo_file).open_round != saved(ann_file).open_round


def test_a_reload_offers_the_learner_their_round_once_the_bar_names_them(data_folder: Path) -> None:
    widget = play_app(seed=4, delay=0)
    set_current_learner("Ann")
    move(widget, 2)
    ann_hand = scene(widget).controller.round.view(0).hand

    reset_current_learner()  # the page is reloaded: a new kernel, the default learner until the bar answers
    reloaded = play_app(seed=9, delay=0)
    assert 'data-role="resume-offer"' not in reloaded.html
    set_current_learner("Ann")
    assert 'data-role="resume-offer"' in reloaded.html
    offer = parse(reloaded.html).find(data_role="resume-offer").text  # issue 38, item 22: no raw seed, no "of 25"
    assert "you hold" in offer and "seed" not in offer and "of 25" not in offer
    reloaded.handle({"type": "action", "action": "resume", "value": ""})
    assert scene(reloaded).controller.round.view(0).hand == ann_hand


def test_the_table_the_previous_learner_began_is_dealt_afresh_for_the_next(data_folder: Path) -> None:
    widget = play_app(seed=4, delay=0)
    app = scene(widget)
    first_hand = app.controller.round.view(0).hand
    set_current_learner("Ann")
    assert app.controller.round.view(0).hand == first_hand, "an untouched deal stays on the table"
    move(widget, 2)
    set_current_learner("Bo")
    assert app.controller.round.view(0).hand == first_hand  # the visit's deal again, from its start
    assert not any(seat == 0 for seat, _ in actions(app))


def test_names_whose_file_names_collide_keep_their_own_rounds(data_folder: Path) -> None:
    widget = play_app(seed=4, delay=0)
    set_current_learner("a b")
    move(widget, 2)
    set_current_learner("a_b")
    assert 'data-role="resume-offer"' not in widget.html
    move(widget, 1, seed=5)
    one, other = saved_match_path(data_folder, "a b"), saved_match_path(data_folder, "a_b")
    assert one != other and len(saved(one).open_round) > len(saved(other).open_round)
    assert saved(other).open_round == actions(scene(widget))


def test_each_class_has_its_own_rounds(data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHENGJI_KIT_CLASS", "7b")
    widget = play_app(seed=4, delay=0)
    set_current_learner("Ann")
    move(widget, 2)
    assert saved_match_path(data_folder, "Ann", "7b").exists()
    assert not saved_match_path(data_folder, "Ann").exists()
    reset_current_learner()
    monkeypatch.setenv("SHENGJI_KIT_CLASS", "7c")
    other = play_app(seed=4, delay=0)
    set_current_learner("Ann")
    assert 'data-role="resume-offer"' not in other.html


def test_a_page_for_a_named_learner_keeps_that_learner(data_folder: Path) -> None:
    widget = play_app(seed=4, delay=0, learner="Cy")
    set_current_learner("Di")
    move(widget, 2)
    assert saved_match_path(data_folder, "Cy").exists() and not saved_match_path(data_folder, "Di").exists()


DAMAGED = {
    "json": "{broken",
    "deep": "[" * 100_000 + "]" * 100_000,
    "number": '{"format": "shengji-kit/open-match", "version": 1, "seed": ' + "9" * 5000 + "}",
    "shape": '{"format": "shengji-kit/open-match", "version": 1, "seed": 1, "rules": "classic", "rounds": [[[0]]]}',
}


@pytest.mark.parametrize("reason", sorted(DAMAGED))
def test_a_damaged_round_is_set_aside_and_said_once(data_folder: Path, reason: str) -> None:
    path = saved_match_path(data_folder, "default")
    path.parent.mkdir(parents=True)
    path.write_text(DAMAGED[reason], encoding="utf-8")
    widget = play_app(seed=4, delay=0)
    [moved] = path.parent.glob("default.damaged-*.json")
    assert moved.read_text(encoding="utf-8") == DAMAGED[reason], "set aside, never deleted"
    reason_en = text(f"round_save_reason_{reason}", "en")
    assert text("round_save_set_aside", "en", reason=reason_en, file=moved.name) in widget.html
    assert 'data-role="resume-offer"' not in widget.html and 'data-role="round-not-saved"' not in widget.html
    SESSION.lang = "zh"
    assert text("round_save_set_aside", "zh", reason=text(f"round_save_reason_{reason}", "zh"),
                file=moved.name) in widget.html
    SESSION.lang = "en"
    move(widget, 2)  # the page works, and the new round is saved in the file's place
    assert saved(path).open_round == actions(scene(widget))
    again = play_app(seed=4, delay=0)
    assert 'data-role="resume-problem"' not in again.html and 'data-role="resume-offer"' in again.html


def test_a_round_that_cannot_be_saved_is_said_and_never_called_unreadable(data_folder: Path) -> None:
    data_folder.mkdir(parents=True)
    (data_folder / "rounds").write_text("a file where the rounds folder belongs")
    widget = play_app(seed=4, delay=0)
    assert 'data-role="round-not-saved"' not in widget.html, "nothing to save before the learner moves"
    move(widget)
    assert 'data-role="round-not-saved"' in widget.html
    assert 'data-role="resume-problem"' not in widget.html, "an unwritable folder is no unreadable round"
    assert text("round_save_failing", "en", error="XX").split("XX")[0] in widget.html
    SESSION.lang = "zh"
    assert text("round_save_failing", "zh", error="XX").split("XX")[0] in widget.html
    SESSION.lang = "en"
    (data_folder / "rounds").unlink()  # the folder can be written again: the next move is saved
    move(widget)
    assert 'data-role="round-not-saved"' not in widget.html
    assert saved(saved_match_path(data_folder, "default")).open_round == actions(scene(widget))


def test_a_saved_round_that_cannot_be_opened_is_left_untouched(data_folder: Path) -> None:
    path = saved_match_path(data_folder, "default")
    path.mkdir(parents=True)  # a folder where the file belongs: it cannot be opened
    widget = play_app(seed=4, delay=0)
    assert 'data-problem="round_save_unreadable"' in widget.html
    move(widget, 2)
    assert path.is_dir() and not list(path.parent.glob("*.damaged-*")), "left as it is"


def test_a_damaged_round_already_set_aside_by_another_page_is_no_problem(data_folder: Path) -> None:
    path = saved_match_path(data_folder, "default")
    path.parent.mkdir(parents=True)
    path.write_text("{broken")
    keeper = RoundKeeper(path)
    path.unlink()  # the other tab's kernel moved it between this one's read and its set-aside
    keeper._set_aside("json")
    assert keeper.problem is None and keeper.saving
