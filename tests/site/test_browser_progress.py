"""Progress kept by the browser: the page's script hands the stored log to the kernel (``ProgressStorage``), every
event the keeper appends goes back to it, a stored log that is not progress is refused in words with nothing lost,
and the reset button asks, then forgets. Driven with the messages the script sends."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: its helpers

from html_tree import parse

from shengji_kit import data_folder
from shengji_kit.practice.browser_progress import BrowserProgressStore, BrowserShelf
from shengji_kit.practice.keepers import lesson_keeper, trainer_keeper
from shengji_kit.puzzles.lesson_exercises import load_lesson
from shengji_kit.widgets.exercise import GroupExerciseScene
from shengji_kit.widgets.progress_keeper import ProgressStorage, progress_bar, show_progress_keeper
from shengji_kit.words.catalogue import text

SLUG, GROUP = "01_trump_ranking", "is_trump"
KEY = "progress/default.jsonl"


@pytest.fixture
def folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv(data_folder.DATA_DIR_ENV, str(tmp_path))
    return tmp_path


def line(puzzle: str, kind: str) -> str:
    return json.dumps({"puzzle": puzzle, "kind": kind, "at": "2026-12-01T10:00:00+00:00"}) + "\n"


def hand_back(storage: ProgressStorage, logs: dict[str, str], available: bool = True, piece: int = 30) -> None:
    """What the script sends when the page opens: each stored log in pieces, then ``restore``."""
    for key, log in logs.items():
        for start in range(0, len(log), piece):
            storage._handle_custom_msg({"type": "stored", "key": key, "part": log[start:start + piece]}, [])
    storage._handle_custom_msg({"type": "restore", "available": available}, [])


def right_answer(scene: GroupExerciseScene) -> str:
    assert scene.visit is not None
    question = scene.visit.puzzle.question
    return next(choice.value for choice in question.choices() if question.grade(choice.value).correct)


def block(keeper: BrowserProgressStore) -> GroupExerciseScene:
    return GroupExerciseScene(load_lesson(SLUG).group(GROUP), keeper)


def test_restore_then_record_sends_each_new_event_to_the_browser(folder: Path) -> None:
    shelf, sent = BrowserShelf(), []
    storage = ProgressStorage(shelf)
    shelf.connect(sent.append)
    keeper = BrowserProgressStore.in_browser("default", shelf=shelf)
    first = block(keeper)  # the page is built before the stored log arrives
    assert first.visit is not None
    item = first.visit.puzzle.id
    stored = line(item, "attempt") + line(item, "solve") + line(item, "star")
    hand_back(storage, {KEY: stored})
    assert sent == []  # nothing this page wrote yet: nothing to send
    assert first.progress.get(item).star  # the page read its progress again once it arrived
    assert (first.right, first.asked) == (1, 1)  # and the block's score counts it
    assert "1 right of 1" in parse(first.render("en")).text

    assert keeper.record("p2", ["attempt", "solve"], None)
    assert [message["type"] for message in sent] == ["append"]
    assert sent[0]["key"] == KEY
    assert [json.loads(one)["kind"] for one in sent[0]["lines"].splitlines()] == ["attempt", "solve"]
    assert (folder / KEY).read_text(encoding="utf-8").startswith(stored)  # the kernel's log: stored, then new
    again = BrowserProgressStore.in_browser("default", shelf=shelf).load()
    assert again.get(item).star and again.get("p2").solved and not again.get("p2").star
    storage.close()


def test_answers_given_before_the_stored_log_arrived_are_kept_after_it(folder: Path) -> None:
    shelf, sent = BrowserShelf(), []
    storage = ProgressStorage(shelf)
    shelf.connect(sent.append)
    keeper = BrowserProgressStore.in_browser("default", shelf=shelf)
    scene = block(keeper)
    feedback = scene.answer(right_answer(scene))
    assert feedback is not None and feedback.correct
    assert sent == []  # the script may not be listening yet: held until it has handed its log back
    hand_back(storage, {KEY: line("older", "attempt")})
    assert [message["type"] for message in sent] == ["append"]
    assert sent[0]["key"] == KEY and '"star"' in sent[0]["lines"]
    loaded = keeper.load()
    assert loaded.get("older").attempts == 1 and scene.progress.get(scene.visit.puzzle.id).star  # type: ignore[union-attr]
    assert (scene.right, scene.asked) == (1, 1)
    storage.close()


@pytest.mark.parametrize("stored", ["this is not a progress log\n", '{"puzzle": "p1", "kind": "teleport", "at": "x"}\n',
                                    json.dumps({"lang": "zh"})])
def test_a_stored_log_that_is_not_progress_is_refused_in_words_and_set_aside(folder: Path, stored: str) -> None:
    shelf, sent = BrowserShelf(clock=lambda: "20261207-120000"), []
    storage = ProgressStorage(shelf)
    shelf.connect(sent.append)
    keeper = BrowserProgressStore.in_browser("default", shelf=shelf)
    assert keeper.record("mine", ["attempt"], None)  # answered before the stored log arrived
    bar = progress_bar(shelf)
    hand_back(storage, {KEY: stored})
    backup = f"{KEY}.corrupt-20261207-120000"
    # the stored log is moved aside in the browser, never overwritten; this page's answer is then stored afresh
    assert sent[0] == {"type": "set_aside", "key": KEY, "to": backup}
    assert sent[1]["type"] == "append" and sent[1]["key"] == KEY and '"mine"' in sent[1]["lines"]
    assert keeper.load().get("mine").attempts == 1
    [refusal] = shelf.notices
    assert refusal.code == "site_progress_refused"
    for lang in ("en", "zh"):
        assert backup in parse(bar.scene.render(lang)).text
        assert text("site_progress_refused", lang, reason=refusal.params["reason"], backup=backup) in \
            parse(bar.scene.render(lang)).text
    storage.close()


def test_a_key_outside_the_progress_logs_is_refused_and_nothing_written(folder: Path) -> None:
    shelf, sent = BrowserShelf(clock=lambda: "20261207-120000"), []
    storage = ProgressStorage(shelf)
    shelf.connect(sent.append)
    hand_back(storage, {"../../outside.jsonl": line("p1", "attempt")})
    outside = "../../outside.jsonl"
    assert sent == [{"type": "set_aside", "key": outside, "to": f"{outside}.corrupt-20261207-120000"}]
    assert not (folder.parent.parent / "outside.jsonl").exists() and list(folder.rglob("*.jsonl")) == []
    assert [notice.code for notice in shelf.notices] == ["site_progress_refused"]
    storage.close()


def test_without_indexeddb_the_page_works_and_says_progress_will_not_be_kept(folder: Path) -> None:
    shelf, sent = BrowserShelf(), []
    storage = ProgressStorage(shelf)
    shelf.connect(sent.append)
    bar = progress_bar(shelf)
    assert parse(bar.html).find(data_role="progress-keeper").attrs["data-kept"] == "unknown"
    hand_back(storage, {}, available=False)
    keeper = BrowserProgressStore.in_browser("default", shelf=shelf)
    scene = block(keeper)
    feedback = scene.answer(right_answer(scene))
    assert feedback is not None and feedback.correct and scene.right == 1  # the page still works
    assert sent == []  # and sends nothing to a store that is not there
    assert parse(bar.html).find(data_role="progress-keeper").attrs["data-kept"] == "no"
    for lang in ("en", "zh"):
        assert text("site_progress_not_kept", lang) in parse(bar.scene.render(lang)).text
    storage.close()


def test_a_failed_write_turns_keeping_off_in_words(folder: Path) -> None:
    shelf = BrowserShelf()
    storage = ProgressStorage(shelf)
    hand_back(storage, {})
    bar = progress_bar(shelf)
    assert text("site_progress_kept", "en") in parse(bar.html).text
    storage._handle_custom_msg({"type": "failed"}, [])
    assert text("site_progress_not_kept", "en") in parse(bar.html).text
    storage.close()


def test_reset_asks_first_then_forgets_the_store_and_the_pages_progress(folder: Path) -> None:
    shelf, sent = BrowserShelf(), []
    storage = ProgressStorage(shelf)
    shelf.connect(sent.append)
    keeper = BrowserProgressStore.in_browser("default", shelf=shelf)
    scene = block(keeper)
    assert scene.visit is not None
    item = scene.visit.puzzle.id
    hand_back(storage, {KEY: line(item, "attempt") + line(item, "solve") + line(item, "star")})
    assert (scene.right, scene.asked) == (1, 1)
    bar = progress_bar(shelf)
    ask = parse(bar.html).find("button", data_action="progress-reset")
    assert ask.text == text("site_progress_reset", "en") and ask.attrs["type"] == "button"

    bar.handle({"type": "action", "action": "progress-reset", "value": "ask"})
    asking = parse(bar.html)
    assert text("site_progress_reset_ask", "en") in asking.text
    assert asking.find("button", data_action="progress-reset").text == text("site_progress_reset_keep", "en")
    bar.handle({"type": "action", "action": "progress-reset", "value": "keep"})  # "No, keep it"
    assert text("site_progress_reset_ask", "en") not in parse(bar.html).text
    assert keeper.load().get(item).star and sent == []

    bar.handle({"type": "action", "action": "progress-reset-yes"})  # not asked: nothing happens
    assert keeper.load().get(item).star and sent == []
    bar.handle({"type": "action", "action": "progress-reset", "value": "ask"})
    bar.handle({"type": "action", "action": "progress-reset-yes"})
    assert sent == [{"type": "clear"}]
    assert not keeper.load().get(item).attempts and not scene.progress.get(item).star
    assert (scene.right, scene.asked) == (0, 0)
    assert text("site_progress_reset_done", "en") in parse(bar.html).text
    zh = parse(bar.scene.render("zh"))
    assert text("site_progress_reset_done", "zh") in zh.text
    assert zh.find("button", data_action="progress-reset").text == text("site_progress_reset", "zh")
    storage.close()


def test_in_the_browser_the_keepers_are_kept_by_it_and_elsewhere_nothing_changes(
        monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    assert not isinstance(lesson_keeper(SLUG), BrowserProgressStore)  # the class store, as ever
    assert show_progress_keeper() is None  # not in the browser: no keeper shown
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert isinstance(lesson_keeper(SLUG), BrowserProgressStore)
    trainer = trainer_keeper("default", {}, lambda: None, folder / "progress")  # type: ignore[arg-type,return-value]
    assert isinstance(trainer, BrowserProgressStore) and trainer.shelf.key_of(trainer.path) == KEY
