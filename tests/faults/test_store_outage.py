"""A class store on PostgreSQL that hangs or stops: the verdict comes at once, the work is kept and lands once.

Each test runs its own PostgreSQL server (tests/classroom/postgres_server.py), since it freezes it
(SIGSTOP to every server process), stops it or restarts it, and answers through the real page
object the trainer widget drives (``TrainerSession`` on a ``ClassProgress``).
"""

from __future__ import annotations

import gc
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom.postgres_server import PostgresServer, postgres_bin, running_postgres
from classroom.spooling import written
from html_tree import parse
from practice.answers import losing_seat, winning_seat

from shengji_kit.classroom.open import forget_opened_stores
from shengji_kit.classroom.recorder import KEPT
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, SOLVE, STAR
from shengji_kit.practice import TrainerSession
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.practice.html import trainer_html
from shengji_kit.puzzles import Bank, default_bank
from shengji_kit.widgets.learner_bar import LearnerBarScene
from shengji_kit.words import text

pytestmark = [pytest.mark.postgres, pytest.mark.slow]  # real outages take seconds each
WHO_WINS = "01-who-wins"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test alone (it will be frozen or stopped)."""
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed here (apt-get install postgresql)")
    with running_postgres(max_connections=20) as running:
        yield running


@pytest.fixture
def class_db(server: PostgresServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """This test's class store on ``server`` and its own data folder (the spool's home)."""
    url = server.create_database("outage")
    monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", url)
    monkeypatch.setenv("SHENGJI_KIT_DATA_DIR", str(tmp_path / "data"))
    for name in ("SHENGJI_KIT_CLASS", "SHENGJI_KIT_CLASS_SERVICE_URL", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    forget_opened_stores()
    yield url
    forget_opened_stores()


@pytest.fixture(scope="module")
def bank() -> Bank:
    return default_bank()


def page(bank: Bank, learner: str = "ada") -> TrainerSession:
    """A trainer page as the widget makes it: the session on the learner's class progress."""
    groups = {puzzle.id: puzzle.set_id for puzzle in bank.puzzles()}
    return TrainerSession(bank, ClassProgress(learner, groups), WHO_WINS)


def note_codes(session: TrainerSession) -> set[str]:
    """The notice codes in the page's message line, as drawn."""
    message = parse(trainer_html(session, "en")).find(data_role="message")
    return {str(each.attrs["data-notice"]) for each in message.find_all(data_notice=True)}


def stored(url: str, learner: str = "ada") -> list[tuple[str, str, str]]:
    """(item, kind, uid) of the learner's stored events, by id, read with a store of its own."""
    store = SQLClassStore(url)
    try:
        return [(e.event.item, e.event.kind, e.event.uid) for e in store.events(learner=learner)]
    finally:
        store.close()


def timed_answer(session: TrainerSession, value: str) -> tuple[bool, float]:
    started = time.monotonic()
    feedback = session.answer(value)
    assert feedback is not None
    return feedback.correct, time.monotonic() - started


def test_a_frozen_server_does_not_freeze_the_page(server: PostgresServer, class_db: str, bank: Bank) -> None:
    session = page(bank)
    first = session.puzzle
    assert first is not None and session.notices == []
    frozen = server.pids()
    for pid in frozen:
        os.kill(pid, signal.SIGSTOP)
    try:
        answered = time.monotonic()
        correct, took = timed_answer(session, str(winning_seat(first)))
        assert correct and took < 1.0, f"the verdict took {took:.2f} s"
        assert session.progress.get(first.id).star
        while not note_codes(session) & set(KEPT):
            assert time.monotonic() - answered < 3.0, "the page says nothing about the work it keeps"
            time.sleep(0.1)
        assert "kept" in parse(trainer_html(session, "en")).find(data_role="message").text
        session.next_puzzle()
        second = session.puzzle
        assert second is not None and second.id != first.id
        correct, took = timed_answer(session, str(losing_seat(second)))
        assert not correct and took < 1.0, f"a second verdict took {took:.2f} s"
    finally:
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
    written(session.store, 30.0)
    events = stored(class_db)
    assert [(item, kind) for item, kind, _ in events] == [
        (first.id, ATTEMPT), (first.id, SOLVE), (first.id, STAR), (second.id, ATTEMPT),
    ]
    assert len({uid for _, _, uid in events}) == 4
    assert "store_saved_again" in note_codes(session)


def test_a_reload_during_an_outage_loses_nothing(server: PostgresServer, class_db: str, bank: Bank) -> None:
    session = page(bank)
    puzzle = session.puzzle
    assert puzzle is not None
    server.stop()
    try:
        correct, took = timed_answer(session, str(winning_seat(puzzle)))
        assert correct and took < 1.0, f"the verdict took {took:.2f} s"
        assert note_codes(session) & set(KEPT)
        del session
        gc.collect()  # the learner reloads: the page objects are gone
        reloaded = page(bank)
        assert reloaded.progress.get(puzzle.id).star, "the reloaded page still shows the star kept for the store"
        assert note_codes(reloaded) & set(KEPT)
        del reloaded
        gc.collect()
    finally:
        server.start()
    after = page(bank)
    written(after.store, 30.0)
    assert [(item, kind) for item, kind, _ in stored(class_db)] == [(puzzle.id, ATTEMPT), (puzzle.id, SOLVE),
                                                                    (puzzle.id, STAR)]
    record = page(bank).progress.get(puzzle.id)
    assert record.star and record.solved and record.attempts == 1


ANSWER_AND_EXIT = textwrap.dedent("""
    import json, sys, time
    from practice.answers import winning_seat
    from shengji_kit.practice import TrainerSession
    from shengji_kit.practice.class_progress import ClassProgress
    from shengji_kit.puzzles import default_bank

    bank = default_bank()
    session = TrainerSession(bank, ClassProgress("ada", {p.id: p.set_id for p in bank.puzzles()}), sys.argv[1])
    started = time.monotonic()
    feedback = session.answer(str(winning_seat(session.puzzle)))
    took = time.monotonic() - started
    print(json.dumps({"puzzle": session.puzzle.id, "correct": feedback.correct, "took": took,
                      "notices": [notice.code for notice in session.notices]}))
""")

DRAIN = textwrap.dedent("""
    import json
    from shengji_kit.practice.class_progress import ClassProgress

    keeper = ClassProgress("ada")
    progress = keeper.load()
    while not keeper.recorder.flush(1.0):
        pass
    print(json.dumps({"stars": sorted(p for p, r in progress.records.items() if r.star),
                      "notices": [notice.code for notice in keeper.notices]}))
""")


def run_kernel(script: str, *arguments: str) -> dict[str, object]:
    """Run ``script`` in a new Python process (a kernel) with this test's environment; its JSON line."""
    path = os.pathsep.join([str(REPO), str(REPO / "tests"), os.environ.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", script, *arguments], capture_output=True, text=True, timeout=90,
                          env={**os.environ, "PYTHONPATH": path}, check=False)
    assert done.returncode == 0, done.stderr
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def test_a_kernel_restart_during_an_outage_loses_nothing(
    server: PostgresServer, class_db: str, bank: Bank, tmp_path: Path
) -> None:
    server.stop()
    try:
        answered = run_kernel(ANSWER_AND_EXIT, WHO_WINS)  # that kernel exits while the store is down
    finally:
        server.start()
    assert answered["correct"] is True and float(str(answered["took"])) < 1.0
    assert set(KEPT) & set(answered["notices"])  # type: ignore[arg-type]
    assert (tmp_path / "data" / "spool" / "default.sqlite").is_file()
    drained = run_kernel(DRAIN)  # a new kernel sends what the old one left
    puzzle = str(answered["puzzle"])
    assert drained["stars"] == [puzzle], drained
    assert [(item, kind) for item, kind, _ in stored(class_db)] == [(puzzle, ATTEMPT), (puzzle, SOLVE),
                                                                    (puzzle, STAR)]
    run_kernel(DRAIN)
    assert len(stored(class_db)) == 3, "a later kernel sends nothing again"


FAILED = {"store_unreadable", "outage_kept", "outage_kept_in_page"}  # the notices that carry the store's error
DRIVER_WORDS = ("connection", "psycopg", "server at", "port 5", "refused", "sqlalchemy")


def page_text(session: TrainerSession, lang: str) -> str:
    """Everything the trainer page shows in ``lang``, as text."""
    return str(parse(trainer_html(session, lang)).text)


def test_a_reload_during_an_outage_says_so_in_the_learner_s_words(
    server: PostgresServer, class_db: str, bank: Bank, caplog: pytest.LogCaptureFixture
) -> None:
    """What the page says about a stopped store is the catalogue's (store away, work kept) in the learner's
    language; the driver's own text ("connection failed: connection to server at …") goes to the log only."""
    session = page(bank)
    puzzle = session.puzzle
    assert puzzle is not None
    server.stop()
    try:
        with caplog.at_level("WARNING"):
            correct, _ = timed_answer(session, str(winning_seat(puzzle)))
            assert correct and note_codes(session) & set(KEPT)
            del session
            gc.collect()
            reloaded = page(bank)  # the learner reloads: the progress cannot be read, the work is kept
            waited = time.monotonic()
            while not note_codes(reloaded) & FAILED:  # until the store's failure (not only its slowness) is told
                assert time.monotonic() - waited < 30, note_codes(reloaded)
                time.sleep(0.2)
            for lang in ("en", "zh"):
                shown = page_text(reloaded, lang)
                lowered = shown.lower()
                assert not [word for word in DRIVER_WORDS if word in lowered], shown
                assert text("outage_store_away", lang) in shown, shown
        assert any("connection" in record.getMessage().lower() for record in caplog.records), "the log lost the cause"
        del reloaded
        gc.collect()
    finally:
        server.start()


def test_a_vote_during_an_outage_says_so_in_the_learner_s_words(
    server: PostgresServer, class_db: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The learner bar's poll: a vote that cannot reach a stopped store gets the catalogue's note, not the driver's."""
    store = SQLClassStore(class_db)
    try:
        store.open_poll("default", "puzzle", WHO_WINS, "Who wins?", "谁赢？", ["East", "West"], "East")
        bar = LearnerBarScene(store=lambda: store, class_name_="default")
        assert bar.refresh_poll() and bar.poll is not None
        server.stop()
        try:
            with caplog.at_level("WARNING"):
                bar.answer("East")
            assert bar.poll_note is not None and bar.poll_note.code == "cls_learner_vote_store_away", bar.poll_note
            for lang in ("en", "zh"):
                shown = str(parse(bar.render(lang)).text)
                lowered = shown.lower()
                assert not [word for word in DRIVER_WORDS if word in lowered], shown
                assert text("cls_learner_vote_store_away", lang) in shown, shown
            assert any("connection" in record.getMessage().lower() for record in caplog.records)
        finally:
            server.start()
    finally:
        store.close()
