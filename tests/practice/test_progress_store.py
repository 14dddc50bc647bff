"""The progress log: where it lives, appended events under a lock, reloads, damaged files set aside."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path

import pytest

from shengji_kit.practice import (
    ENV_VAR,
    Progress,
    ProgressFormatError,
    ProgressStore,
    data_dir,
    progress_path,
)
from shengji_kit.practice.event_log import learner_slug
from shengji_kit.practice.events import import_events


def save(store: ProgressStore, progress: Progress) -> bool:
    """Write every event ``progress`` stands for, one puzzle at a time (as answers do)."""
    by_puzzle: dict[str, list[str]] = {}
    for event in import_events(progress, ""):
        by_puzzle.setdefault(event.puzzle, []).append(event.kind)
    return all([store.record(puzzle, kinds) for puzzle, kinds in by_puzzle.items()])


def saved_progress() -> Progress:
    progress = Progress()
    record = progress.record("win-highest-card")
    record.attempts, record.solved, record.star = 2, True, True
    progress.record("follow-suit").hints = 1
    return progress


def test_the_data_folder_follows_the_environment_variable(data_folder: Path) -> None:
    assert data_dir() == data_folder and os.environ[ENV_VAR] == str(data_folder)
    assert progress_path("ada") == data_folder / "progress" / "ada.jsonl"


def test_without_the_variable_the_user_data_directory_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR)
    assert data_dir().name == "shengji-kit"


def test_learner_names_become_safe_file_names() -> None:
    assert learner_slug("ada") == "ada"
    assert learner_slug("../../etc/passwd") == "etc_passwd"
    assert learner_slug("  ") == "default"
    assert "/" not in learner_slug("a/b\\c")


def test_loading_creates_nothing(store: ProgressStore, data_folder: Path) -> None:
    assert store.load() == Progress()
    assert not data_folder.exists()
    assert store.notices == []


def test_saved_progress_reloads_and_no_temporary_file_is_left(store: ProgressStore) -> None:
    progress = saved_progress()
    assert save(store, progress)
    assert sorted(p.name for p in store.path.parent.iterdir()) == ["ada.jsonl", "ada.lock"]
    again = ProgressStore(store.path).load()
    assert again == progress
    assert again.get("win-highest-card").standing == "star"
    assert again.get("follow-suit").star_lost


def test_a_save_appends_to_the_log_and_syncs_it(
    store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.record("win-highest-card", [])
    before = store.path.read_text()
    synced: list[int] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    assert save(store, saved_progress())
    assert store.path.read_text().startswith(before)
    assert synced, "appended events must be fsynced"


@pytest.mark.parametrize(
    "content",
    ["{not json", json.dumps({"version": 99, "puzzles": {}}),
     json.dumps({"version": 1, "puzzles": {"x": {"attempts": -1}}}), json.dumps([1, 2]), "\udcff"],
)
def test_a_damaged_file_is_set_aside_and_reported(store: ProgressStore, content: str) -> None:
    store.path.parent.mkdir(parents=True)
    raw = content.encode("utf-8", "surrogateescape")
    store.path.write_bytes(raw)
    store.clock = lambda: "20240102-030405"
    assert store.load() == Progress()
    backup = store.path.with_name("ada.jsonl.corrupt-20240102-030405")
    assert backup.read_bytes() == raw
    assert not store.path.exists()
    (notice,) = store.notices
    assert notice.kind == "error"
    assert str(backup) in notice.render("en") and "set aside" in notice.render("en")
    assert str(backup) in notice.render("zh") and "损坏" in notice.render("zh")
    assert save(store, saved_progress())
    assert backup.read_bytes() == raw, "the damaged file must never be overwritten"


def test_a_second_damaged_file_gets_its_own_backup_name(store: ProgressStore) -> None:
    store.path.parent.mkdir(parents=True)
    store.clock = lambda: "stamp"
    for text in ("first", "second"):
        store.path.write_text(text)
        ProgressStore(store.path, store.clock).load()
    backups = sorted(p.name for p in store.path.parent.glob("ada.jsonl.corrupt-*"))
    assert backups == ["ada.jsonl.corrupt-stamp", "ada.jsonl.corrupt-stamp-2"]


def test_a_file_that_cannot_be_set_aside_is_left_alone_and_saving_stops(
    store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_text("{broken")

    def refuse(*_: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    assert store.load() == Progress()
    assert not store.can_save
    assert not save(store, saved_progress())
    assert store.path.read_text() == "{broken"
    (notice,) = store.notices
    assert "Permission denied" in notice.render("en") and "left untouched" in notice.render("en")
    assert "保持原样" in notice.render("zh")


def test_a_progress_path_that_cannot_be_read_is_reported(store: ProgressStore) -> None:
    store.path.mkdir(parents=True)  # a folder where the file should be
    assert store.load() == Progress()
    assert not save(store, saved_progress())
    assert store.path.is_dir()
    assert [n.code for n in store.notices] == ["trainer_progress_unreadable"]


def test_an_unwritable_folder_is_reported_and_nothing_crashes(data_folder: Path) -> None:
    data_folder.parent.mkdir(parents=True, exist_ok=True)
    data_folder.write_text("a file, not a folder")
    store = ProgressStore.for_learner("ada")
    assert store.load() == Progress()
    assert not save(store, saved_progress())
    (notice,) = store.notices
    assert notice.code == "trainer_progress_unwritable"
    assert str(data_folder / "progress") in notice.render("en") and "could not be saved" in notice.render("en")
    assert "无法保存" in notice.render("zh")
    assert not save(store, saved_progress())
    assert len(store.notices) == 1, "the same failure is reported once"
    data_folder.unlink()
    assert save(store, saved_progress())
    assert store.notices == [], "a later successful save clears the report"


@pytest.mark.parametrize(
    "data",
    [{"version": 1, "puzzles": {"a": {"star": True}}}, {"version": 1, "puzzles": {"a": {"solved": 1}}},
     {"version": 1, "puzzles": {"a": {"hints": True}}}, {"version": 1, "puzzles": {"a": {"colour": "red"}}},
     {"version": 1}],
)
def test_progress_data_is_checked_field_by_field(data: object) -> None:
    with pytest.raises(ProgressFormatError):
        Progress.from_json(data)


def test_two_tabs_of_one_learner_keep_every_attempt(store: ProgressStore) -> None:
    one, other = ProgressStore(store.path), ProgressStore(store.path)
    one.load(), other.load()
    assert one.record("win-highest-card", ["attempt"] * 2)
    assert other.record("follow-suit", ["hint"] * 2) and other.record("win-highest-card", ["attempt"] * 3)
    merged = ProgressStore(store.path).load()
    assert merged.get("win-highest-card").attempts == 5, "2 + 3 attempts in two tabs are 5"
    assert merged.get("follow-suit").hints == 2
    assert one.record("win-highest-card", ["solve"])
    again = ProgressStore(store.path).load()
    assert again.get("win-highest-card").solved and again.get("follow-suit").hints == 2
    assert again.get("win-highest-card").attempts == 5


def test_a_version_1_file_is_imported_once_and_kept(store: ProgressStore) -> None:
    store.path.parent.mkdir(parents=True)
    store.legacy_path.write_text(json.dumps(saved_progress().to_json()))
    assert store.load() == saved_progress()
    tab = ProgressStore(store.path)
    tab.load()
    assert tab.record("follow-suit", ["hint"])
    again = ProgressStore(store.path).load()
    assert again.get("follow-suit").hints == 2 and again.get("win-highest-card").attempts == 2
    assert store.legacy_path.exists(), "the old file is left in place"


def test_a_damaged_version_1_file_is_set_aside(store: ProgressStore) -> None:
    store.path.parent.mkdir(parents=True)
    store.legacy_path.write_text("{broken")
    store.clock = lambda: "stamp"
    assert store.load() == Progress()
    assert store.legacy_path.with_name("ada.json.corrupt-stamp").read_text() == "{broken"
    assert [n.code for n in store.notices] == ["trainer_progress_corrupt"]
    assert save(store, saved_progress())
    assert ProgressStore(store.path).load() == saved_progress()


def _save_many(path: str, prefix: str, count: int) -> None:
    """One process's answers: ``count`` puzzles, one attempt each, each written at once."""
    store = ProgressStore(Path(path))
    store.load()
    for number in range(count):
        assert store.record(f"{prefix}-{number}", ["attempt"]) and store.record("shared", ["attempt"])


def test_two_processes_saving_at_once_lose_nothing(store: ProgressStore) -> None:
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_save_many, args=(str(store.path), name, 100)) for name in ("a", "b")]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(120)
        assert writer.exitcode == 0
    progress = ProgressStore(store.path).load()
    assert len(progress.records) == 201
    assert all(progress.get(f"{name}-{n}").attempts == 1 for name in ("a", "b") for n in range(100))
    assert progress.get("shared").attempts == 200
