"""Old progress files (event logs and version-1 files) are read into the class store once; damaged ones set aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from html_tree import parse

from shengji_kit.apps.trainer.trainer_app import trainer_app
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.store_protocol import ATTEMPT, HINT, SOLVE, STAR
from shengji_kit.practice import Progress, ProgressStore
from shengji_kit.practice.events import import_events
from shengji_kit.practice.import_progress import import_progress_files
from shengji_kit.puzzles import default_bank


def old_progress() -> Progress:
    progress = Progress()
    record = progress.record("win-highest-card")
    record.attempts, record.solved, record.star = 1, True, True
    progress.record("follow-suit").hints = 2
    return progress


@pytest.fixture
def folder(data_folder: Path) -> Path:
    """``<data dir>/progress`` with ada's log (written by the old store) and bo's version-1 file."""
    ada = ProgressStore.for_learner("ada")
    assert all([ada.record(event.puzzle, [event.kind]) for event in import_events(old_progress(), "")])
    progress = data_folder / "progress"
    (progress / "bo.json").write_text(json.dumps(old_progress().to_json()), encoding="utf-8")
    return progress


def kinds(store: SQLClassStore, learner: str) -> list[tuple[str, str]]:
    return sorted((e.event.item, e.event.kind) for e in store.events(learner=learner))


EXPECTED = sorted([("win-highest-card", ATTEMPT), ("win-highest-card", SOLVE), ("win-highest-card", STAR),
                   ("follow-suit", HINT), ("follow-suit", HINT)])


def test_logs_and_version_1_files_are_imported_once(store: SQLClassStore, folder: Path) -> None:
    groups = {p.id: p.set_id for p in default_bank().puzzles()}
    report = import_progress_files(store, folder, groups)
    assert sorted(p.name for p in report.imported) == ["ada.jsonl", "bo.json"]
    assert report.events == 10 and report.set_aside == []
    assert kinds(store, "ada") == EXPECTED and kinds(store, "bo") == EXPECTED
    assert {e.event.group for e in store.events()} == {groups["win-highest-card"], groups["follow-suit"]}
    again = import_progress_files(store, folder, groups)
    assert again.imported == [] and store.count_events() == 10
    assert (folder / "ada.jsonl").exists() and (folder / "bo.json").exists(), "the files stay where they were"


def test_a_version_1_file_beside_its_log_adds_nothing(store: SQLClassStore, folder: Path) -> None:
    (folder / "ada.json").write_text(json.dumps(old_progress().to_json()), encoding="utf-8")
    import_progress_files(store, folder)
    assert kinds(store, "ada") == EXPECTED


@pytest.mark.parametrize("name, content", [
    ("cy.jsonl", '{"puzzle": "x", "kind": "attempt"'),
    ("cy.jsonl", '{"puzzle": "x", "kind": "cheat", "at": "2026-01-01T00:00:00"}\n'),
    ("cy.jsonl", '{"puzzle": "x", "kind": "solve", "at": "yesterday"}\n'),
    ("cy.json", '{"version": 2, "puzzles": {}}'),
    ("cy.json", "\xff\xfe"),
])
def test_a_damaged_file_is_set_aside_reported_and_kept(
    store: SQLClassStore, folder: Path, name: str, content: str
) -> None:
    damaged = folder / name
    original = content.encode("latin-1") if content.startswith("\xff") else content.encode("utf-8")
    damaged.write_bytes(original)
    report = import_progress_files(store, folder, clock=lambda: "20261130-091500")
    assert [p.name for p in report.set_aside] == [f"{name}.corrupt-20261130-091500"]
    assert not damaged.exists() and report.set_aside[0].read_bytes() == original, "nothing is lost"
    assert store.learners() == ["ada", "bo"], "the good files are imported all the same"
    damaged.write_bytes(b"damaged again, later")
    second = import_progress_files(store, folder, clock=lambda: "20261130-091500")
    assert second.set_aside == [], "a path is dealt with once"


def test_the_trainer_imports_on_opening_and_reports_a_damaged_file(folder: Path) -> None:
    (folder / "cy.jsonl").write_text("not json\n", encoding="utf-8")
    app = trainer_app("ada")
    try:
        assert app.session.progress.get("win-highest-card").star
        message = parse(app.html).find(data_role="message")
        assert message.find(data_notice="store_import_set_aside") is not None
        assert list(folder.glob("cy.jsonl.corrupt-*"))
    finally:
        app.close()
    second = trainer_app("bo")
    try:
        assert second.session.progress.get("follow-suit").hints == 2
        assert second.session.notices == []
    finally:
        second.close()
