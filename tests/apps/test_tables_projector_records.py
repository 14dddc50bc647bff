"""A finished shared round is listed on the teacher's projector as a person reads it (the table's name, the round,
who sat where; a bot's seat says so), in both languages, and titled the same way on the stage; a record that is not
a shared table's, or a shared record that cannot be read, keeps its file name."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from html_tree import parse

from shengji_kit.apps.classroom import DashboardScene
from shengji_kit.apps.classroom.projector import ProjectorCatalogue
from shengji_kit.classroom.store import SQLClassStore
from shengji_kit.classroom.tables.hall import TableHall
from shengji_kit.puzzles import default_bank
from tests.classroom.conftest import data_folder, store
from tests.tables.players import play_round, tier_bot

__all__ = ["data_folder", "store"]
TEACHER = "teacher-4321"
EN = "Room 7, round 1: South Ann, East 小明, North bot, West bot"
ZH = "Room 7 第 1 局：南家Ann、东家小明、北家机器人、西家机器人"


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A records folder holding one shared round (Ann and 小明 with two bots) as the class server writes it."""
    folder = tmp_path_factory.mktemp("records")
    hall = TableHall(make_bot=tier_bot, records_dir=folder)
    try:
        table = hall.open_table("Room 7", seed=11, tier="gentle", learners=["Ann", "小明"])
        tokens = [hall.sit(table, 0, "Ann"), hall.sit(table, 1, "小明")]
        play_round(hall, tokens, {})
    finally:
        hall.shutdown()
    yield folder, f"table-{table}-round-001.json"


def test_the_record_list_names_the_table_the_round_and_the_players(records: tuple[Path, str]) -> None:
    folder, name = records
    assert (folder / name).is_file()
    entries = {entry.key: entry for entry in ProjectorCatalogue(default_bank(), folder).entries()}
    entry = entries[f"record:{name}"]
    assert (entry.label("en"), entry.label("zh")) == (EN, ZH)
    assert entries["record:sample"].label("en") == "sample"


def test_the_dashboard_lists_and_projects_the_round_by_its_label(
        records: tuple[Path, str], store: SQLClassStore, tmp_path: Path) -> None:
    folder, name = records
    mine = tmp_path / "records"
    shutil.copytree(folder, mine)
    (mine / "table-abc123-round-002.json").write_text("{not json", encoding="utf-8")  # a broken shared record
    (mine / "my-round.json").write_bytes((folder / name).read_bytes())  # a shared round saved under another name
    scene = DashboardScene(lambda: store, query={"teacher": TEACHER},
                           environ={"SHENGJI_KIT_TEACHER_CODE": TEACHER}, records_dir=mine)
    for lang, label in (("en", EN), ("zh", ZH)):
        options = {option.attrs["value"]: option.text
                   for option in parse(scene.render(lang)).find(data_role="project-pick").find_all("option")}
        assert options[f"record:{name}"] == label
        assert options["record:table-abc123-round-002.json"] == "table-abc123-round-002.json"
        assert options["record:my-round.json"] == "my-round.json"
    scene.handle({"type": "action", "action": "project", "value": f"record:{name}"})
    for lang, label in (("en", EN), ("zh", ZH)):
        stage = parse(scene.render(lang)).find(data_role="projector")
        assert stage.attrs["data-key"] == f"record:{name}"
        assert stage.find(cls="sk-projector-title").text == label
        assert stage.find(data_role="trick-stepper")
