"""Ratings survive a server restart and a store outage, on SQLite and on PostgreSQL.

A learner answers five puzzles in the trainer (``TrainerSession`` on a ``ClassProgress``, the page
object the trainer widget drives) and their rating moves. After a restart (a new Python process
opening a new keeper and store on the same database) the rating read back equals the one the page
showed, to the last bit. During an outage (PostgreSQL stopped; SQLite locked by another writer)
the learner keeps answering, the page says the work is kept, and once the store is back the events
arrive through the spool: the rating then equals what the same answers give on a store that never
failed (a second database, answered the same way).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from classroom.postgres_server import PostgresServer, postgres_bin, running_postgres
from classroom.spooling import written
from html_tree import parse
from practice.answers import losing_seat, winning_seat

from shengji_kit.classroom.open import forget_opened_stores
from shengji_kit.classroom.recorder import KEPT
from shengji_kit.classroom.spool import forget_writers
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, ClassEvent
from shengji_kit.practice import TrainerSession
from shengji_kit.practice.class_progress import ClassProgress
from shengji_kit.practice.class_ratings import replay_class
from shengji_kit.practice.html import trainer_html
from shengji_kit.practice.rating import Rating
from shengji_kit.practice.rating_words import rating_said
from shengji_kit.practice.ratings_from_events import rated_puzzles
from shengji_kit.puzzles import Bank, default_bank

pytestmark = [pytest.mark.slow]  # a new process and real outages: seconds each
WHO_WINS = "01-who-wins"
ANSWERS = (True, True, False, True, False)
"""The learner's five first attempts, in the set's order: right, right, wrong, right, wrong."""
REPO = Path(__file__).resolve().parents[2]


@dataclass
class Database:
    """One backend for a test: two fresh class stores (``url`` fails, ``steady`` never does) and ``outage``,
    a context in which ``url``'s store does not take writes."""

    name: str
    url: str
    steady: str
    outage: Callable[[], contextlib.AbstractContextManager[None]]


@contextlib.contextmanager
def locked_sqlite(path: Path) -> Iterator[None]:
    """Another writer holds the SQLite file's write lock (``BEGIN IMMEDIATE``) until the context ends."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


@contextlib.contextmanager
def stopped_postgres(server: PostgresServer) -> Iterator[None]:
    """The PostgreSQL server is stopped (``pg_ctl stop -m fast``) until the context ends."""
    server.stop()
    try:
        yield
    finally:
        server.start()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """The test's backend: SQLite files in the test's folder, or a PostgreSQL server of this test alone."""
    if request.param == "sqlite":
        failing = tmp_path / "class.sqlite3"
        SQLClassStore(f"sqlite:///{failing}").close()  # the schema exists before another writer locks it
        yield Database("sqlite", f"sqlite:///{failing}", f"sqlite:///{tmp_path / 'steady.sqlite3'}",
                       lambda: locked_sqlite(failing))
        return
    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed here (apt-get install postgresql)")
    with running_postgres(max_connections=20) as server:
        yield Database("postgres", server.create_database("ratings"), server.create_database("steady"),
                       lambda: stopped_postgres(server))


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("SHENGJI_KIT_CLASS_DB", "SHENGJI_KIT_CLASS", "SHENGJI_KIT_CLASS_SERVICE_URL", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    forget_opened_stores()
    yield
    forget_opened_stores()


def use_store(monkeypatch: pytest.MonkeyPatch, url: str, data: Path) -> None:
    """Point the kernel at the class store ``url``, with ``data`` as its data folder (the spool's home)."""
    monkeypatch.setenv("SHENGJI_KIT_CLASS_DB", url)
    monkeypatch.setenv("SHENGJI_KIT_DATA_DIR", str(data))
    forget_opened_stores()


@pytest.fixture(scope="module")
def bank() -> Bank:
    return default_bank()


def page(bank: Bank) -> TrainerSession:
    """A trainer page as the widget makes it: the session on ada's class progress, in "Who wins?"."""
    return TrainerSession(bank, ClassProgress("ada", {p.id: p.set_id for p in bank.puzzles()}), WHO_WINS)


def answer_five(session: TrainerSession) -> list[Rating]:
    """Answer the set's first five puzzles as ``ANSWERS`` says, one by one; the learner's rating after each."""
    ratings = []
    for puzzle, right in zip(session.bank.get_set(WHO_WINS).puzzles, ANSWERS, strict=False):
        session.goto(puzzle.id)
        feedback = session.answer(str(winning_seat(puzzle) if right else losing_seat(puzzle)))
        assert feedback is not None and feedback.correct is right
        ratings.append(session.ratings.learner("ada"))
    return ratings


def snapshot(session: TrainerSession) -> dict[str, object]:
    """Every rating the page holds for ada and the five puzzles, as JSON gives them back (floats exact)."""
    ratings = session.ratings
    items = [p.id for p in session.bank.get_set(WHO_WINS).puzzles[: len(ANSWERS)]]
    return {
        "learner": list(vars(ratings.learner("ada")).values()),
        "theme": list(vars(ratings.theme("ada", WHO_WINS)).values()),
        "puzzles": {item: list(vars(ratings.puzzle(item)).values()) for item in items},
        "games": len(ratings.games),
    }


def note_codes(session: TrainerSession) -> set[str]:
    message = parse(trainer_html(session, "en")).find(data_role="message")
    return {str(each.attrs["data-notice"]) for each in message.find_all(data_notice=True)}


def answered(bank: Bank) -> list[tuple[str, bool]]:
    """(puzzle, right) of the five first attempts, as the store should hold them."""
    return [(p.id, right) for p, right in zip(bank.get_set(WHO_WINS).puzzles, ANSWERS, strict=False)]


def stored_events(url: str) -> list[ClassEvent]:
    """The class's events as the store holds them, read with a store of its own."""
    store = SQLClassStore(url)
    try:
        return [e.event for e in store.events()]
    finally:
        store.close()


READ_BACK = textwrap.dedent("""
    import json
    from shengji_kit.practice import TrainerSession
    from shengji_kit.practice.class_progress import ClassProgress
    from shengji_kit.puzzles import default_bank

    bank = default_bank()
    session = TrainerSession(bank, ClassProgress("ada", {p.id: p.set_id for p in bank.puzzles()}), "01-who-wins")
    ratings = session.ratings
    items = [p.id for p in bank.get_set("01-who-wins").puzzles[:5]]
    print(json.dumps({
        "learner": list(vars(ratings.learner("ada")).values()),
        "theme": list(vars(ratings.theme("ada", "01-who-wins")).values()),
        "puzzles": {item: list(vars(ratings.puzzle(item)).values()) for item in items},
        "games": len(ratings.games),
    }))
""")


def restarted_read() -> dict[str, object]:
    """What a new process (the restarted server's kernel) reads back: a new keeper on a newly opened store."""
    path = os.pathsep.join([str(REPO), str(REPO / "tests"), os.environ.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", READ_BACK], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": path}, check=False)
    assert done.returncode == 0, done.stderr
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def test_ratings_read_back_after_a_restart_are_the_stored_ones(
    database: Database, bank: Bank, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_store(monkeypatch, database.url, tmp_path / "data")
    session = page(bank)
    moved = answer_five(session)
    assert len({rating.rating for rating in moved}) == len(ANSWERS), "every first attempt moves the rating"
    assert moved[-1] != Rating() and moved[-1].deviation < Rating().deviation
    written(session.store, 30.0)
    shown = snapshot(session)
    assert shown["games"] == len(ANSWERS)
    forget_writers()  # the server goes away: its writers and open stores with it
    forget_opened_stores()
    del session

    assert restarted_read() == shown, "the restarted server reads back the rating the page showed"
    stored = stored_events(database.url)  # the teacher's side: the class's replay of the stored events
    assert [(e.item, e.correct) for e in stored if e.kind == ATTEMPT] == answered(bank)
    replayed = replay_class(stored, rated_puzzles(bank.puzzles()))
    assert list(vars(replayed.learner("ada")).values()) == shown["learner"]


def test_ratings_through_an_outage_equal_an_uninterrupted_run(
    database: Database, bank: Bank, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_store(monkeypatch, database.steady, tmp_path / "steady-data")
    steady = page(bank)
    answer_five(steady)
    written(steady.store, 30.0)
    expected = snapshot(steady)
    assert not note_codes(steady) & set(KEPT)

    use_store(monkeypatch, database.url, tmp_path / "data")
    session = page(bank)
    with database.outage():
        moved = answer_five(session)
        assert note_codes(session) & set(KEPT), "the page says the work is kept while the store is away"
        message = parse(trainer_html(session, "en")).find(data_role="message")
        assert "kept" in message.text, message.text
        assert session.store.pending > 0, "the events wait in the spool"
        assert snapshot(session) == expected, "the rating moves during the outage as it would without one"
        for lang in ("en", "zh"):
            said = parse(trainer_html(session, lang)).find(data_role="rating").text
            assert rating_said(moved[-1]).render(lang) in said, said
    written(session.store, 60.0)
    assert "store_saved_again" in note_codes(session)
    forget_writers()
    forget_opened_stores()
    del session

    stored = stored_events(database.url)  # the store alone, not the spool: the events arrived
    assert [(e.item, e.correct) for e in stored if e.kind == ATTEMPT] == answered(bank)
    from_store = replay_class(stored, rated_puzzles(bank.puzzles()))
    assert list(vars(from_store.learner("ada")).values()) == expected["learner"]
    assert from_store.learner("ada") == steady.ratings.learner("ada")
    assert restarted_read() == expected, "after the outage a restarted server reads the uninterrupted run's ratings"
