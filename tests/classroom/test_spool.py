"""The spool: a page's events wait on disk for the class store, go in order, once, and survive a new page or kernel."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from html_tree import parse
from practice.answers import winning_seat

from shengji_kit.classroom.open import forget_opened_stores
from shengji_kit.classroom.recorder import LearnerRecorder
from shengji_kit.classroom.spool import NoAnswer, Spool, forget_writers, spool_path, within
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, HINT, SOLVE, STAR
from shengji_kit.practice import TrainerSession
from shengji_kit.practice.class_progress import AnswerDetail, ClassProgress
from shengji_kit.practice.html import trainer_html
from shengji_kit.puzzles import default_bank

from .spooling import written

WHO_WINS = "01-who-wins"


def unopenable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the class store at a folder that cannot be made (a file is in the way)."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the store's folder should be")
    monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", f"sqlite:///{blocker / 'class.sqlite3'}")
    forget_opened_stores()


def reachable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SQLClassStore:
    """Point the class store at a working SQLite file; that store."""
    url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", url)
    forget_opened_stores()
    return SQLClassStore(url)


def test_the_spool_is_a_file_of_the_data_folder_per_class(data_folder: Path) -> None:
    assert spool_path("default") == data_folder / "spool" / "default.sqlite"
    odd = spool_path("../三班 2026")
    assert odd.parent == data_folder / "spool" and odd.name.endswith(".sqlite") and "/" not in odd.name[:-7]
    assert odd != spool_path("../三班 2027"), "names that clean up alike keep their own files"


def test_events_kept_while_the_store_is_down_land_in_order_when_it_is_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data_folder: Path
) -> None:
    unopenable(tmp_path, monkeypatch)
    keeper = ClassProgress("ada")
    kinds = [[ATTEMPT], [ATTEMPT, SOLVE], [HINT], [ATTEMPT, SOLVE, STAR]]
    for number, batch in enumerate(kinds):
        assert keeper.record(f"p{number}", batch, AnswerDetail(answer=str(number))) is False
    assert keeper.pending == 7 and keeper.notices[-1].code == "outage_kept"
    on_disk = sqlite3.connect(data_folder / "spool" / "default.sqlite").execute("SELECT count(*) FROM spool")
    assert on_disk.fetchone() == (7,), "the events wait on disk, not only in the page"

    store = reachable(tmp_path, monkeypatch)
    written(keeper)
    stored = [(e.event.item, e.event.kind) for e in store.events(learner="ada")]
    assert stored == [(f"p{n}", kind) for n, batch in enumerate(kinds) for kind in batch]
    assert keeper.notices[-1].code == "store_saved_again"
    keeper.record("p9", [ATTEMPT], AnswerDetail())
    written(keeper)
    assert keeper.notices == [], "the next answer written at once clears the notice"


def test_a_new_page_sends_what_an_earlier_kernel_left_in_the_spool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unopenable(tmp_path, monkeypatch)
    earlier = ClassProgress("ada")
    earlier.record("p1", [ATTEMPT, SOLVE, STAR], AnswerDetail("x", True, 2.0))
    forget_writers()  # the earlier kernel is gone: only its spool file is left
    del earlier

    store = reachable(tmp_path, monkeypatch)
    progress = ClassProgress("ada").load()
    assert progress.get("p1").star and progress.get("p1").attempts == 1
    stored = [(e.event.kind, e.event.answer, e.event.correct) for e in store.events(learner="ada")]
    assert stored == [(ATTEMPT, "x", True), (SOLVE, "", None), (STAR, "", None)]


def test_a_reloaded_page_shows_the_work_still_waiting_for_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unopenable(tmp_path, monkeypatch)
    ClassProgress("ada").record("p1", [ATTEMPT, SOLVE, STAR], AnswerDetail("x", True, 2.0))
    again = ClassProgress("ada")
    record = again.load().get("p1")
    assert record.star and record.solved and record.attempts == 1, "the star is not offered a second time"
    assert again.notices[-1].code == "outage_kept"
    assert ClassProgress("bo").load().records == {}, "another learner's spooled work is not theirs"


def test_an_event_sent_again_after_a_crash_is_stored_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data_folder: Path
) -> None:
    store = reachable(tmp_path, monkeypatch)
    recorder = LearnerRecorder()
    events = [recorder.event("p1", "g", kind, learner="ada") for kind in (ATTEMPT, SOLVE, STAR)]
    first_ids = store.record(events[:2])  # the store committed these two, then the kernel died
    forget_writers()
    Spool(spool_path("default")).add(events)  # ...before the spool forgot them
    fresh = LearnerRecorder()
    assert fresh.flush(10.0)
    assert [(e.event.uid, e.event.kind) for e in store.events()] == [(e.uid, e.kind) for e in events]
    assert store.record(events)[:2] == first_ids, "a stored event keeps its first id"
    assert store.count_events() == 3
    assert Spool(spool_path("default")).waiting() == []


def test_two_kernels_draining_one_spool_store_each_event_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unopenable(tmp_path, monkeypatch)
    keeper = ClassProgress("ada")
    for number in range(30):
        keeper.record(f"p{number}", [ATTEMPT], AnswerDetail())
    store = reachable(tmp_path, monkeypatch)
    first, second = LearnerRecorder(), ClassProgress("ada").recorder  # one writer; add a second one
    forget_writers()
    third = LearnerRecorder()
    for recorder in (first, second, third):
        recorder.writer.kick()
    for recorder in (first, second, third):
        assert recorder.flush(10.0)
    assert [e.event.item for e in store.events()] == [f"p{n}" for n in range(30)]


def test_an_answer_does_not_wait_for_a_locked_sqlite_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = reachable(tmp_path, monkeypatch)
    bank = default_bank()
    session = TrainerSession(bank, ClassProgress("ada", {p.id: p.set_id for p in bank.puzzles()}), WHO_WINS)
    puzzle = session.puzzle
    assert puzzle is not None
    holder = sqlite3.connect(tmp_path / "class.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    try:
        started = time.monotonic()
        feedback = session.answer(str(winning_seat(puzzle)))
        assert feedback is not None and feedback.correct and time.monotonic() - started < 1.0
        assert session.progress.get(puzzle.id).star, "the verdict and the star come from the kernel at once"
        notice = parse(trainer_html(session, "en")).find(data_role="message")
        assert notice.find(data_notice="outage_waiting") is not None and "kept" in notice.text
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    written(session.store)
    assert [e.event.kind for e in store.events(learner="ada")] == [ATTEMPT, SOLVE, STAR]


def test_a_store_call_that_does_not_answer_is_given_up() -> None:
    started = time.monotonic()
    with pytest.raises(NoAnswer):
        within(lambda: time.sleep(5), 0.3)
    assert time.monotonic() - started < 1.0
    assert within(lambda: 42, 1.0) == 42
    with pytest.raises(KeyError):
        within(lambda: {}["missing"], 1.0)


def test_the_spool_keeps_events_in_memory_when_the_data_folder_cannot_hold_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ro").write_text("a file where the data folder should be")
    monkeypatch.setenv("SHENGJI_KIT_DATA_DIR", str(tmp_path / "ro"))
    unopenable(tmp_path, monkeypatch)
    keeper = ClassProgress("ada")
    keeper.record("p1", [ATTEMPT], AnswerDetail())
    assert keeper.pending == 1 and keeper.notices[-1].code == "outage_kept_in_page"
    store = reachable(tmp_path, monkeypatch)
    written(keeper)
    assert [e.event.item for e in store.events()] == ["p1"]


def test_an_event_the_store_refuses_is_set_aside_and_holds_back_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data_folder: Path
) -> None:
    unopenable(tmp_path, monkeypatch)
    keeper = ClassProgress("ada")
    keeper.record("p1", [ATTEMPT], AnswerDetail(answer="x" * 5000))  # past the store's bound on answers
    keeper.record("p2", [ATTEMPT], AnswerDetail(answer="fine"))
    store = reachable(tmp_path, monkeypatch)
    written(keeper)
    assert [(e.event.item, e.event.answer) for e in store.events(learner="ada")] == [("p2", "fine")]
    refused = Spool(spool_path("default")).refused()
    assert [(event.item, len(event.answer)) for event, _ in refused] == [("p1", 5000)], "kept for a person to read"
    assert "2048" in refused[0][1] or "2 KB" in refused[0][1] or "long" in refused[0][1]
